package io.braid.streams.internals.backend;

import io.braid.streams.BackendException;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** One reader of one stream (one per handle that polls). */
public interface ObjectSubscriber extends AutoCloseable {
    /**
     * Records available to this reader: at once (timeoutMs = 0) or as soon as at least one
     * arrives, at the latest after {@code timeoutMs}. Under AT_LEAST_ONCE, the records returned by
     * the previous call are acknowledged by this call.
     */
    List<byte[]> poll(long timeoutMs) throws BackendException;

    /**
     * How many readers this reader's application has on the stream, as the stream server last
     * said (this one included). A backend may acquire records in bulk for a reader that is alone
     * and few at a time when several share the records; it applies the change at its next poll.
     * Callable from any thread; until it is called the count is unknown and readers share.
     */
    default void readersOfApplication(int readers) {
    }

    /**
     * As {@link #readersOfApplication(int)}, with whether the application's readers read alone or
     * together: a solo reader may read in a way that cannot be shared (a Kafka reader uses a classic
     * consumer) until it is asked to {@link #handOver}; while a hand-over is in progress no reader
     * of the application reads. Stale news never moves a reader back (see {@link Sharing}).
     */
    default void readersOfApplication(int readers, Sharing sharing) {
        readersOfApplication(readers);
    }

    /**
     * The stream server asks this solo reader to stop reading alone, because another reader of
     * its application opened: completes once everything this reader accepted is committed where
     * the server can read it and it holds nothing else (an AT_LEAST_ONCE reader with records in
     * hand: at its next poll or close). Until the server then says the readers share, polls
     * return nothing. Never blocks; callable from any thread.
     */
    default CompletableFuture<Void> handOver() {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Gets ready in the background for the first poll (a Kafka reader joins its group and may
     * fetch ahead: records it accepts ahead are returned by the first poll). Called once the
     * reader count is known; never blocks.
     */
    default void getReady() {
    }

    /**
     * Records this reader has accepted in all: acknowledged to the backend, which confirmed that
     * no other reader of the application will get them (under AT_LEAST_ONCE, what a poll returned
     * is accepted by the next poll or by close). Never blocks; callable from any thread.
     */
    long acceptedCount();

    /**
     * Runs {@code listener} whenever {@link #acceptedCount()} rises outside this reader's polls and
     * close: a Kafka reader giving back, on its own timer, records it accepted ahead (it counts
     * the originals then), so the count can reach the stream server at once and the drains of the
     * application's other readers end on the counts. Called on the subscriber's own thread: the
     * listener must not block. A backend whose count only moves in polls never calls it.
     */
    default void onCountRise(Runnable listener) {
    }

    /**
     * Records published on the stream so far. Writers flush before they close
     * ({@link ObjectPublisher#flush}), so once the stream is closed this is the final number.
     */
    long publishedCount() throws BackendException;

    /**
     * How long a drain waits without progress for records that some other reader holds before it
     * gives up (their lock expires within this time and they come to a live reader).
     */
    long drainPatienceMs();

    /**
     * Records this reader has accepted ahead of the application's next poll and holds (0 for a
     * backend that does not fetch ahead). Diagnostics: tests wait on it instead of sleeping.
     */
    default int acceptedAheadCount() {
        return 0;
    }

    /**
     * Every record still unread by this application that this reader can take (stream closed),
     * deciding from the backend alone. Handles drain through {@link ObjectDrain} instead, which
     * also counts what the other readers accepted; this is for a subscriber used without a server.
     */
    List<byte[]> drain() throws BackendException;

    /**
     * Acknowledges what was returned (AT_LEAST_ONCE) and leaves.
     *
     * @throws BackendException once left, if records the reader held could not be settled (the
     *         broker unreachable): the error names the stream and how many records, and whether
     *         they may be lost or come again
     */
    @Override
    void close();
}
