package io.braid.worker.execution.taskprocess;

import io.braid.spi.TaskCancellation;

import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;

/**
 * Runs a job on this thread with a cancellation flag bound, and cancels the flag from another
 * thread once the job's task has started ({@code started} holds): how a test sees a running task
 * process killed by its task's cancellation. The test class's time-out bounds the wait.
 */
public final class CancelledWhenStarted {
    private CancelledWhenStarted() {
    }

    public static <T> T call(BooleanSupplier started, Callable<T> job) throws Exception {
        TaskCancellation flag = new TaskCancellation();
        Thread canceller = new Thread(() -> {
            try {
                while (!started.getAsBoolean()) {
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                flag.cancel("its group was cancelled");
            }
        }, "test-canceller");
        canceller.setDaemon(true);
        TaskCancellation.bind(flag);
        try {
            canceller.start();
            return job.call();
        } finally {
            TaskCancellation.bind(null);
        }
    }
}
