package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.kafka.KafkaObjectBackend;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application's only reader reads through a consumer group of its own (a classic consumer) and
 * hands over to the application's share group when a second reader opens (docs/STREAMS.md, "An
 * application's only reader"): on the embedded broker, each reader with its own client as
 * separate processes would have, exact counts in every mode.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SoloReaderKafkaTest extends EmbeddedStreamServerBase {

    /** The client of the process that creates and writes the streams. */
    private DistroStreamClient producer;

    /** A new stream, created by the producer's client. */
    private ObjectDistroStream<String> newStream(String prefix, ConsumerMode mode) throws Exception {
        producer = client();
        DistroStreamClient.install(producer);
        return new ObjectDistroStream<>(prefix + STREAMS.incrementAndGet(), mode);
    }

    /** Publishes from the producer's process. */
    private void publish(ObjectDistroStream<String> out, List<String> values) throws BackendException {
        DistroStreamClient.install(producer);
        out.publish(values);
    }

    static List<String> values(String prefix, int n) {
        return IntStream.range(0, n).mapToObj(i -> prefix + i).toList();
    }

    /** Polls the readers in turn, from this one thread, until {@code seen} holds {@code total} values. */
    static void readInTurn(List<ObjectDistroStream<String>> readers, Map<String, Integer> seen, int total)
            throws BackendException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (seen.size() < total && System.nanoTime() < deadline) {
            for (ObjectDistroStream<String> r : readers) {
                r.poll(100).forEach(v -> seen.merge(v, 1, Integer::sum));
            }
        }
    }

    static Admin admin(ObjectDistroStream<?> stream) throws Exception {
        String bootstrap = ObjectDistroStreamKafkaTest.bootstrapHandedOutBy(server.address());
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    /** The offset the application's solo group committed on the stream's partition (-1: none). */
    static long soloCommitted(Admin admin, ObjectDistroStream<?> stream) throws Exception {
        String group = KafkaObjectBackend.soloGroupName(KafkaObjectBackend.groupName("app", stream.getId()));
        OffsetAndMetadata o = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
                .get(new TopicPartition(KafkaObjectBackend.topicName(stream.getId()), 0));
        return o == null ? -1 : o.offset();
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aLoneReaderCommitsInAGroupOfItsOwnAndTheReadersShareFromThereWhenASecondOpens(ConsumerMode mode)
            throws Exception {
        ObjectDistroStream<String> out = newStream("solo-", mode);
        ObjectDistroStream<String> a = in(client(), out);
        publish(out, values("first-", 50));
        Map<String, Integer> seen = new HashMap<>();
        readInTurn(List.of(a), seen, 50);
        assertEquals(50, seen.size());
        a.poll(0); // AT_LEAST_ONCE: accepts the last records
        try (Admin admin = admin(out)) {
            assertEquals(50, soloCommitted(admin, out), "the lone reader committed in its own group");
        }

        ObjectDistroStream<String> b = in(client(), out);
        publish(out, values("second-", 50));
        readInTurn(List.of(a, b), seen, 100);
        // AT_LEAST_ONCE: each reader accepts what its last poll returned, as in the first phase. A
        // record still in a reader's hand is the other reader's to take in the drain (that mode
        // allows it twice), which this test is not about.
        for (ObjectDistroStream<String> r : List.of(a, b)) {
            r.poll(0).forEach(v -> seen.merge(v, 1, Integer::sum));
        }
        out.close();
        for (ObjectDistroStream<String> r : List.of(a, b)) {
            while (!r.isClosed()) {
                r.poll(100).forEach(v -> seen.merge(v, 1, Integer::sum));
            }
            r.poll().forEach(v -> seen.merge(v, 1, Integer::sum));
        }
        assertEquals(100, seen.size(), "nothing lost: " + seen.keySet());
        assertTrue(seen.values().stream().allMatch(n -> n == 1), "nothing twice: " + seen);
    }

    @Test
    void anAtLeastOnceReaderHoldingRecordsHandsOverAtItsNextPollWhileAnotherWaits() throws Exception {
        ObjectDistroStream<String> out = newStream("holding-", ConsumerMode.AT_LEAST_ONCE);
        ObjectDistroStream<String> a = in(client(), out);
        publish(out, values("v-", 60));
        Map<String, Integer> seen = new HashMap<>();
        readInTurn(List.of(a), seen, 1); // a holds what it got: accepted only by its next poll
        // One thread polls both in turn: b's first poll must not wait for a's next one.
        ObjectDistroStream<String> b = in(client(), out);
        long start = System.nanoTime();
        readInTurn(List.of(b, a), seen, 60);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(60, seen.size(), "nothing lost");
        assertTrue(seen.values().stream().allMatch(n -> n == 1), "handed over at a's next poll: nothing twice,"
                + " after " + ms + " ms: " + seen);
    }

    @Test
    void aReaderThatDoesNotHandOverIsFencedAndWhatItHeldGoesToTheOthers() throws Exception {
        ObjectDistroStream<String> out = newStream("fenced-", ConsumerMode.AT_LEAST_ONCE);
        ObjectDistroStream<String> a = in(client(), out);
        publish(out, values("v-", 40));
        Map<String, Integer> held = new HashMap<>();
        readInTurn(List.of(a), held, 1); // and a never polls again until b has everything
        ObjectDistroStream<String> b = in(client(), out);
        Map<String, Integer> seen = new HashMap<>();
        readInTurn(List.of(b), seen, 40);
        assertEquals(40, seen.size(), "b got every record");
        assertTrue(seen.keySet().containsAll(held.keySet()), "what a held came to b: " + held.keySet());
        List<String> late = a.poll(500);
        assertEquals(List.of(), late, "a, fenced, hands nothing more over");
        DistroStreamClient.install(producer);
        out.close();
        assertEquals(List.of(), b.poll(), "b's drain ends: a's fenced commit was not counted twice");
    }

    @Test
    void theRecordsOfALoneReaderThatDiedGoToTheNextAtOnce() throws Exception {
        ObjectDistroStream<String> out = newStream("dead-solo-", ConsumerMode.AT_LEAST_ONCE);
        String alias = out.getAlias();
        publish(out, values("v-", 30));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", DyingClientReaderMain.class.getName(),
                server.address(), alias).redirectError(ProcessBuilder.Redirect.INHERIT);
        // The child proves this JVM's secret to the server, as a worker of a run does.
        pb.environment().putAll(io.braid.comm.auth.ConnectionSecurity.process().workerEnvironment());
        Process child = pb.start();
        List<String> took;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            String line = lines.readLine();
            assertTrue(line != null && line.startsWith("TOOK "), "the child took records: " + line);
            took = new ArrayList<>(Arrays.asList(line.substring(5).split(" ")));
        }
        assertTrue(child.waitFor(20, TimeUnit.SECONDS));
        assertEquals(3, child.exitValue(), "the child halted");

        ObjectDistroStream<String> next = in(client(), out);
        long start = System.nanoTime();
        Map<String, Integer> seen = new HashMap<>();
        readInTurn(List.of(next), seen, 30);
        System.out.println("a lone reader after a dead one: all records in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        assertEquals(30, seen.size(), "every record, those the dead reader took included");
        assertTrue(seen.keySet().containsAll(took));
        assertTrue(seen.values().stream().allMatch(n -> n == 1), "nothing twice to the live reader: " + seen);
    }
}
