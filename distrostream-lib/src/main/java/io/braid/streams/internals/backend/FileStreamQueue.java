package io.braid.streams.internals.backend;

import io.braid.streams.ConsumerMode;

import java.util.List;

/**
 * Server side of one file stream: the complete files of its base directory, handed out to the
 * readers of each application as the consumer mode says. Thread-safe.
 */
public interface FileStreamQueue extends AutoCloseable {

    /**
     * Paths not yet taken by {@code applicationId}'s readers, at most {@code max}, now (may be
     * empty). {@code readerId} identifies the reader (for AT_LEAST_ONCE: what it took earlier is
     * acknowledged by this call; what it holds goes back to the queue if {@link #readerGone}).
     */
    List<String> take(String applicationId, String readerId, ConsumerMode mode, int max);

    /** The reader's process went away: under AT_LEAST_ONCE its unacknowledged paths are taken again. */
    void readerGone(String readerId);

    /** A writer names a file it wrote (or will finish writing) in the base directory. */
    void published(String absolutePath);

    /**
     * Makes every file of the directory that is already complete available before returning.
     * Called when a writer closes the stream, so that the readers' last poll after the close sees
     * the files written just before it.
     */
    default void settle() {
    }

    /** Called (on some thread) whenever new paths become available, to wake waiting polls. */
    void onAvailable(Runnable listener);

    @Override
    void close();
}
