package io.braid.streams.internals.kafka;

import java.util.concurrent.TimeUnit;

/**
 * When an idle reader fetches ahead ({@link ReaderCore}): a plan made by a hand-over (or by
 * getting ready) that a busy machine cannot lose. Before, the plan was one stretch of the clock
 * from the hand-over: a reader's thread that got to it after the stretch, or a broker that
 * answered the fetch after it, left the reader fetching nothing until the next poll although
 * a record waited ({@code ReaderCoreTest}, "a late thread", "a late answer").
 *
 * <p>Two phases. The <em>window</em> opens when the reader's thread takes its first step, however
 * late, and lasts the planned time: steps of waits on the consumer of at most
 * {@link ReaderCore#SLICE_MS}. If it ends with nothing, <em>looks</em> follow: polls that do not
 * wait (they return an answer that came after the window, or send the next fetch), the first
 * {@link ReaderCore#SLICE_MS} after the window, then twice as far apart each time, the last no
 * later than {@link ReaderCore#FETCH_AHEAD_MAX_GAP_MS} after the window (an application that has
 * not polled by then is not coming back soon). Between looks the reader waits for events only,
 * so a poll is never held up by them. Records found, a poll, a close or a hand-over end the plan.
 * The plan holds no clock: every call is given the time.
 */
final class FetchAheadPlan {

    private static final long LOOKS_NS = TimeUnit.MILLISECONDS.toNanos(ReaderCore.FETCH_AHEAD_MAX_GAP_MS);
    private static final long FIRST_LOOK_NS = TimeUnit.MILLISECONDS.toNanos(ReaderCore.SLICE_MS);

    /** The window's planned length (0: no plan). */
    private long windowNs;
    /** When the plan was made (its steps are due from then on). */
    private long plannedNs;
    /** When the window ends (0: not opened yet, the reader's thread has not taken a step). */
    private long windowEndNs;
    /** When the next look is due (0: still in the window). */
    private long nextLookNs;
    /** The time between the previous look and the next. */
    private long lookGapNs;

    /** Plans a fetch ahead whose window, once opened, lasts {@code windowMs} (replaces a plan made before). */
    void plan(long nowNs, long windowMs) {
        windowNs = Math.max(1, TimeUnit.MILLISECONDS.toNanos(windowMs));
        plannedNs = nowNs;
        windowEndNs = 0;
        nextLookNs = 0;
        lookGapNs = 0;
    }

    void stop() {
        windowNs = 0;
    }

    boolean planned() {
        return windowNs != 0;
    }

    /** When the next step is due (Long.MAX_VALUE: no plan). In the window: at once. */
    long dueNs() {
        if (!planned()) {
            return Long.MAX_VALUE;
        }
        return nextLookNs != 0 ? nextLookNs : plannedNs;
    }

    /**
     * The step at {@code nowNs}: how long it may wait on the consumer in ms (0: a look, which does
     * not wait), or -1 if no step is due now (no plan, or the next look is later).
     */
    long stepMs(long nowNs) {
        if (!planned()) {
            return -1;
        }
        if (windowEndNs == 0) {
            windowEndNs = nowNs + windowNs; // the window opens when the reader's thread gets to it
        }
        if (nextLookNs == 0) {
            if (nowNs < windowEndNs) {
                long leftMs = TimeUnit.NANOSECONDS.toMillis(windowEndNs - nowNs);
                return Math.max(1, Math.min(ReaderCore.SLICE_MS, leftMs));
            }
            lookGapNs = FIRST_LOOK_NS; // the window ended with nothing: the looks begin
            nextLookNs = windowEndNs + lookGapNs;
        }
        return nowNs >= nextLookNs ? 0 : -1;
    }

    /** The step at {@code nowNs} found nothing: plans the next look, or ends the plan after the last. */
    void foundNothing(long nowNs) {
        if (!planned() || windowEndNs == 0) {
            return;
        }
        if (nextLookNs == 0) {
            if (nowNs < windowEndNs) {
                return; // the window goes on
            }
            lookGapNs = FIRST_LOOK_NS;
            nextLookNs = windowEndNs + lookGapNs;
        } else if (nowNs >= nextLookNs) {
            lookGapNs *= 2;
            nextLookNs = Math.max(nextLookNs + lookGapNs, nowNs + FIRST_LOOK_NS); // a late look: the next not at once
        }
        if (nextLookNs - windowEndNs > LOOKS_NS) {
            stop();
        }
    }
}
