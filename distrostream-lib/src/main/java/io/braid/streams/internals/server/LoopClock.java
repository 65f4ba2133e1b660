package io.braid.streams.internals.server;

/**
 * Time as the stream server's loop sees it: the current time and delayed tasks. The server runs
 * every task it schedules on its loop; tests pass a clock they move by hand ({@code ManualClock}),
 * so that a grace period or a poll timeout ends when the test says, not after a sleep.
 */
public interface LoopClock {

    /** Milliseconds on a monotonic scale (only differences mean anything). */
    long nowMs();

    /** Runs {@code task} once {@code delayMs} have passed on this clock; the handle cancels it. */
    Timeout schedule(Runnable task, long delayMs);

    /** A scheduled task that has not run yet can be cancelled (cancelling a task that ran does nothing). */
    interface Timeout {
        void cancel();
    }
}
