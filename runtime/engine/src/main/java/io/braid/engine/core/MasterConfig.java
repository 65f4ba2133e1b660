package io.braid.engine.core;

import io.braid.engine.deploy.WorkerLaunch;

/** How the master runs: the worker launch settings, and what it records. */
public record MasterConfig(WorkerLaunch launch, boolean recordGraph, boolean recordTrace, boolean showProgress,
                           long workerStartTimeoutMs) {
}
