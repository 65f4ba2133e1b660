package io.braid.api;

import io.braid.spi.TaskCancellation;

import java.util.concurrent.CancellationException;

/** What task code may ask of the worker running it, as COMPSs' {@code COMPSsWorker}. */
public final class BraidWorker {
    private BraidWorker() {
    }

    /**
     * Throws when the calling task has been cancelled (it ran past its {@code timeOut}, or its
     * group was cancelled), so that a long task stops where its code allows it; returns at once
     * otherwise, also outside a task. Declared {@code throws Exception} as in COMPSs; what it throws
     * is a {@link CancellationException} naming the reason.
     */
    public static void cancellationPoint() throws Exception {
        String reason = TaskCancellation.reasonForCurrentThread();
        if (reason != null) {
            throw new CancellationException("task cancelled: " + reason);
        }
    }
}
