package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * An AT_LEAST_ONCE reader's records not accepted yet: what its last poll returned, accepted when
 * the application asks for the next ones (the acceptance going with that fetch, one round trip
 * less) or when the reader closes or replaces its consumer (committed then). Part of
 * {@link ReaderCore}'s state; its thread only.
 */
final class PendingAcceptances {
    /** Returned by the last poll, accepted by the next poll or close. */
    private ConsumerRecords<byte[], byte[]> unacknowledged = ConsumerRecords.empty();
    /** Acceptances marked on the consumer that its next fetch sends: it must not be replaced before. */
    private boolean unsent;
    /** How many records those acceptances are (for the close's error if they cannot be sent). */
    private int unsentCount;

    /** The last poll returned {@code records}: the application has them, not accepted yet. */
    void returned(ConsumerRecords<byte[], byte[]> records) {
        unacknowledged = records;
    }

    /** A fetch returned records: the acceptances marked before went with it. */
    void fetchCarriedThem() {
        unsent = false;
    }

    /** Whether records wait for their acceptance (the consumer must not be replaced meanwhile). */
    boolean holdsAny() {
        return !unacknowledged.isEmpty() || unsent;
    }

    /** How many records the application has that are not accepted yet. */
    int inHand() {
        return unacknowledged.count() + (unsent ? unsentCount : 0);
    }

    /**
     * Marks the records the last poll returned as accepted on {@code consumer}; the poll that
     * follows sends that with its fetch instead of a commit of its own first. The acknowledgement
     * callback counts them once the broker has answered.
     */
    void withNextFetch(GroupConsumer consumer) {
        if (unacknowledged.isEmpty()) {
            return;
        }
        consumer.acceptWithNextPoll(unacknowledged);
        unsentCount = unacknowledged.count();
        unacknowledged = ConsumerRecords.empty();
        unsent = true;
    }

    /** Accepts them and commits now (before a close); the acknowledgement callback counts them. */
    void commitNow(GroupConsumer consumer) throws BackendException {
        if (consumer == null || (unacknowledged.isEmpty() && !unsent && !consumer.hasUnsentAcceptances())) {
            return;
        }
        if (!unacknowledged.isEmpty()) {
            consumer.acceptWithNextPoll(unacknowledged);
        }
        unacknowledged = ConsumerRecords.empty();
        unsent = false;
        consumer.commitAccepted();
    }

    /** {@code old} is being replaced: what it marked as accepted is committed first. */
    void consumerReplaced(GroupConsumer old) throws BackendException {
        if (unsent || old.hasUnsentAcceptances()) {
            unsent = false;
            old.commitAccepted();
        }
    }
}
