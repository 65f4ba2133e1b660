package io.braid.streams.internals.server;

import io.braid.streams.BackendException;

/** The stream server's side of object streams: where the Kafka cluster is, one topic per stream. Thread-safe. */
public interface ObjectTopics extends AutoCloseable {

    /** The cluster's bootstrap servers; an embedded broker is started on the first call. */
    String bootstrap() throws BackendException;

    /** Creates the topic of a new object stream (starting the embedded broker if needed). */
    void createTopic(String streamId) throws BackendException;

    /**
     * As {@link #createTopic(String)}, for a stream that application {@code applicationId}
     * creates (its readers' group can be readied with the topic).
     */
    default void createTopic(String streamId, String applicationId) throws BackendException {
        createTopic(streamId);
    }

    /**
     * Whether the server creates topics in the background, replying to a registration at once:
     * true where the first topic may wait for a broker that is starting (an embedded one).
     * Clients then wait for a topic before they use it ({@code AwaitObjectStream}).
     */
    default boolean createsTopicsInBackground() {
        return false;
    }

    /**
     * Moves application {@code applicationId}'s reading of the stream from its solo reader's own
     * group to the application's share group, once that reader has handed over: the share group
     * starts where the solo group's commits stopped. {@code fence}: the solo reader did not answer;
     * remove it from its group first, so that its commits fail from then on.
     */
    default void startSharing(String streamId, String applicationId, boolean fence) throws BackendException {
    }

    /**
     * The application's solo reader was lost with its client: removes it from its group at once
     * (else the next solo reader's join waits for its session to time out).
     */
    default void releaseSolo(String streamId, String applicationId) throws BackendException {
    }

    /** Gets the backend ready for the first stream (starts the embedded broker; may warm up more). */
    default void prepare() throws BackendException {
        bootstrap();
    }

    /** Stops what this started (the embedded broker). */
    @Override
    void close();
}
