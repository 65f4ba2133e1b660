package io.braid.streams.internals.backend;

import io.braid.streams.BackendException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A reader's last poll on a closed object stream: takes every record no reader of its application
 * has taken. Exact end condition: the stream's final record count is known (publishing is
 * synchronous, so once the stream is closed the published count is final), and each reader counts
 * the records it has accepted; the drain ends as soon as the application's readers together have
 * accepted them all (asked once more then: records given back by a closing reader add to the
 * count). While they have not, it polls (short waits, growing to
 * {@value #MAX_WAIT_MS} ms): the missing records are held by other readers, which accept them or
 * whose lock expires, and then they come here.
 *
 * <p>Fallback: records that are never counted (a reader that died after accepting records it had
 * not reported yet, records the backend archived after too many deliveries) would keep the
 * total short for ever, so the drain also ends after {@link ObjectSubscriber#drainPatienceMs()}
 * without progress (neither records here nor a higher total), with a warning.
 */
public final class ObjectDrain {

    private static final Logger LOG = LoggerFactory.getLogger(ObjectDrain.class);

    /** First wait of an empty poll while records are still missing; doubles up to {@link #MAX_WAIT_MS}. */
    static final long FIRST_WAIT_MS = 10;
    static final long MAX_WAIT_MS = 200;

    /** What a drain learns about the other readers of its application. */
    @FunctionalInterface
    public interface Progress {
        /**
         * Reports that this reader has accepted {@code acceptedHere} records in all and returns how
         * many the application's readers have accepted together (this reader's count included).
         */
        long acceptedByApplication(long acceptedHere) throws BackendException;
    }

    private ObjectDrain() {
    }

    /**
     * The published count once more when the application has accepted that many: a reader that
     * closes holding records it accepted ahead publishes them again for its application before it
     * counts them (see the Kafka backend's subscriber), so the count can grow after the close.
     */
    private static long grown(ObjectSubscriber reader, long published) throws BackendException {
        return Math.max(published, reader.publishedCount());
    }

    /** Drains {@code reader} of a closed stream that received {@code published} records in all. */
    public static List<byte[]> drain(ObjectSubscriber reader, long published, Progress progress)
            throws BackendException {
        return drain(reader, published, progress, () -> { });
    }

    /**
     * As {@link #drain(ObjectSubscriber, long, Progress)}; {@code gaveUp} runs if the drain ended
     * by the fallback (no progress for the reader's patience) instead of the exact end condition.
     */
    public static List<byte[]> drain(ObjectSubscriber reader, long published, Progress progress, Runnable gaveUp)
            throws BackendException {
        return drain(reader, published, progress, System::nanoTime, gaveUp);
    }

    static List<byte[]> drain(ObjectSubscriber reader, long published, Progress progress, LongSupplier nanoTime)
            throws BackendException {
        return drain(reader, published, progress, nanoTime, () -> { });
    }

    static List<byte[]> drain(ObjectSubscriber reader, long published, Progress progress, LongSupplier nanoTime,
                              Runnable gaveUp) throws BackendException {
        List<byte[]> all = new ArrayList<>();
        long total = progress.acceptedByApplication(reader.acceptedCount());
        if (total >= published && (published = grown(reader, published)) <= total) {
            return all;
        }
        long patienceNs = TimeUnit.MILLISECONDS.toNanos(reader.drainPatienceMs());
        long lastProgress = nanoTime.getAsLong();
        long waitMs = FIRST_WAIT_MS;
        while (true) {
            List<byte[]> got = reader.poll(waitMs);
            if (!got.isEmpty()) {
                all.addAll(got);
                lastProgress = nanoTime.getAsLong();
                waitMs = FIRST_WAIT_MS;
                continue;
            }
            // An empty poll has also accepted what the previous one returned (AT_LEAST_ONCE).
            long now = progress.acceptedByApplication(reader.acceptedCount());
            if (now >= published && (published = grown(reader, published)) <= now) {
                return all;
            }
            if (now > total) {
                total = now;
                lastProgress = nanoTime.getAsLong();
            }
            if (nanoTime.getAsLong() - lastProgress > patienceNs) {
                LOG.warn("drain gave up after {} ms without progress: {} of {} records accepted by the application's"
                        + " readers (the rest was taken by a reader that stopped without reporting, or archived)",
                        reader.drainPatienceMs(), total, published);
                gaveUp.run();
                return all;
            }
            waitMs = Math.min(MAX_WAIT_MS, waitMs * 2);
        }
    }
}
