package streambench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.kafka.EmbeddedKafkaBroker;
import io.braid.streams.internals.kafka.KafkaObjectBackend;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * How long a new reader's first poll takes to return a record that is already waiting: its share
 * consumer is created, joins the group, gets its assignment, fetches and commits. 12 readers of 12
 * new streams, one after the other, in a JVM whose backend has rehearsed a stream first (as a
 * worker's has). Prints "RESULT reader_first_poll_median <ms> ms".
 */
public final class ReaderJoin {
    static final int READERS = 12;

    public static void main(String[] args) throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers())) {
            backend.warmUp();
            List<Double> ms = new ArrayList<>();
            for (int i = 0; i < READERS; i++) {
                String stream = "join" + i;
                backend.createTopic(stream, 1);
                ObjectPublisher p = backend.publisher(stream);
                p.publish(List.of(new byte[8]));
                p.flush();
                long t0 = System.nanoTime();
                try (ObjectSubscriber reader = backend.subscriber(stream, "app" + i, ConsumerMode.AT_MOST_ONCE)) {
                    reader.readersOfApplication(1, io.braid.streams.internals.backend.Sharing.SOLO); // alone, as the stream server tells a lone reader
                    while (reader.poll(100).isEmpty()) {
                        // joining
                    }
                    ms.add((System.nanoTime() - t0) / 1e6);
                }
            }
            List<Double> sorted = new ArrayList<>(ms);
            Collections.sort(sorted);
            System.out.printf(Locale.ROOT, "# first poll per reader (ms): %s%n", ms);
            System.out.printf(Locale.ROOT, "RESULT reader_first_poll_median %.1f ms%n", sorted.get(READERS / 2));
        }
        System.exit(0);
    }
}
