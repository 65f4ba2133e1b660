package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.internals.backend.ObjectPublisher;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One stream's publisher on the process's shared producer. A publish hands the records to the
 * producer and returns without waiting for the broker (a caller publishing one element at a time
 * would otherwise wait a round trip per element); the producer batches them and retries until its
 * delivery timeout. A send that fails in the end is reported, once, by the next {@link #publish}
 * or {@link #flush} of this publisher, naming the topic and the cause. {@link #flush} returns once
 * the broker has every record sent so far: handles flush before their writer is reported closed,
 * so a closed stream's end offset is final.
 */
final class TopicPublisher implements ObjectPublisher {

    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    /** What a failure names: the topic and the broker ({@code topic at host:port}). */
    private final String where;
    /** The first send failure not reported yet. */
    private final AtomicReference<Exception> failed = new AtomicReference<>();

    TopicPublisher(KafkaProducer<byte[], byte[]> producer, String topic, String bootstrapServers) {
        this.producer = producer;
        this.topic = topic;
        this.where = topic + " at " + bootstrapServers;
    }

    @Override
    public void publish(List<byte[]> values) throws BackendException {
        throwIfFailed();
        try {
            for (byte[] v : values) {
                producer.send(new ProducerRecord<>(topic, v), (metadata, e) -> {
                    if (e != null) {
                        failed.compareAndSet(null, e);
                    }
                });
            }
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("publish to " + where, e);
        }
    }

    @Override
    public void flush() throws BackendException {
        try {
            producer.flush();
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("publish to " + where, e);
        } catch (RuntimeException e) {
            if (e.getCause() instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw KafkaObjectBackend.failure("publish to " + where, e);
        }
        throwIfFailed();
    }

    @Override
    public void warmUp() throws BackendException {
        try {
            producer.partitionsFor(topic);
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("get ready to publish to " + where, e);
        }
    }

    private void throwIfFailed() throws BackendException {
        Exception e = failed.getAndSet(null);
        if (e != null) {
            throw KafkaObjectBackend.failure("publish to " + where + " (some records published earlier were not"
                    + " stored; this publish was not made)", e);
        }
    }
}
