package io.braid.engine.deploy;

import java.nio.file.Path;
import java.util.List;

/** What every worker start needs to know about the run. */
public record WorkerLaunch(String javaCommand, String braidJar, List<String> jvmOptions, String masterHost,
                           int masterPort, List<String> appClasspath, Path logDir, String logLevel,
                           int defaultIoExecutors) {
}
