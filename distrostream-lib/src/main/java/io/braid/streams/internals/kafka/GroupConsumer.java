package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.Set;

/**
 * The Kafka consumer behind a {@link GroupSubscriber}: a share consumer of the application's
 * share group ({@link ShareGroupConsumer}), or, while the reader is its application's only one, a
 * classic consumer of a consumer group of its own ({@link SoloGroupConsumer}). Used by one thread
 * at a time (the reader's thread, see {@link ReaderCore}).
 */
interface GroupConsumer {

    /** Records fetched within the timeout (possibly none). */
    ConsumerRecords<byte[], byte[]> poll(Duration timeout);

    /**
     * Accepts the records and waits until the broker has the acceptance; returns the partitions
     * whose records were not accepted (another reader may get them: they must not be handed over).
     */
    Set<TopicPartition> acceptAndCommit(ConsumerRecords<byte[], byte[]> records) throws BackendException;

    /**
     * AT_LEAST_ONCE: marks the records accepted; the next {@link #poll} sends that along with its
     * fetch (or {@link #commitAccepted} now). {@code accepted} is told how many records the broker
     * confirmed.
     */
    void acceptWithNextPoll(ConsumerRecords<byte[], byte[]> records);

    /** Sends what {@link #acceptWithNextPoll} marked and waits for the broker. */
    void commitAccepted() throws BackendException;

    /**
     * Whether acceptances marked earlier are still to send (a solo consumer's whose commit failed
     * as it was removed from its group): the reader commits them before replacing or closing it.
     */
    default boolean hasUnsentAcceptances() {
        return false;
    }

    /** Gives the records back unaccepted, for the next fetch of any reader of the application. */
    void release(ConsumerRecords<byte[], byte[]> records) throws BackendException;

    /**
     * Whether the consumer can no longer accept anything: the stream server took the records'
     * reading away from it (a solo reader fenced during a hand-over it did not answer).
     */
    default boolean fenced() {
        return false;
    }

    void close(Duration timeout);
}
