package io.braid.streams;

import java.util.List;

/**
 * A distributed stream: any number of writers publish elements, any number of readers poll them,
 * in this process or others. Handles are Serializable and thread-safe; a handle deserialised in
 * another process works there (it finds the stream server through {@code BRAID_STREAM_SERVER}).
 *
 * @param <T> the elements' type (file streams: absolute paths)
 */
public interface DistroStream<T> {

    /** The stream's unique id, assigned by the stream server. */
    String getId();

    /** The alias other applications attach by, or null. */
    String getAlias();

    StreamType getStreamType();

    ConsumerMode getConsumerMode();

    /** Publishes one element; the caller becomes a writer of the stream on its first publish. */
    void publish(T element) throws BackendException;

    /** Publishes each element of the list as its own record. */
    void publish(List<T> elements) throws BackendException;

    /**
     * Returns at once with the elements available to this reader (possibly none). Once
     * {@link #isClosed()} has returned true, the next poll returns everything still unread.
     */
    List<T> poll() throws BackendException;

    /** Waits up to {@code timeoutMs} for at least one element; returns as soon as some arrive. */
    List<T> poll(long timeoutMs) throws BackendException;

    /**
     * True once every writer of the stream has closed it.
     *
     * @throws BackendException (unchecked) when the stream server must be asked and cannot be; the
     *         message names the server
     */
    boolean isClosed();

    /**
     * This handle stops writing: when every writer has closed, the stream is closed for its
     * readers. When the stream server cannot record the close (it is unreachable), this throws
     * rather than leave the stream's readers waiting for a writer that is gone ({@link
     * BackendException} is unchecked, so COMPSs code that calls {@code close()} with nothing to
     * catch compiles too).
     */
    void close() throws BackendException;
}
