package io.braid.streams.internals.kafka;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectSubscriber;

import java.util.List;

/**
 * Test helper run in its own JVM: an AT_LEAST_ONCE reader that polls once, reports, and dies
 * without acknowledging. A fourth argument {@code alone} makes it its application's only reader
 * (bulk acquisition). A fifth, a number k, makes it poll until it got records k times: it prints
 * the records of the earlier polls on an {@code ACCEPTED} line (each later poll's fetch carried
 * their acceptance) before the {@code TOOK} line of the last poll's records.
 */
public final class DyingReaderMain {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String stream = args[1];
        String app = args[2];
        KafkaObjectBackend backend = new KafkaObjectBackend(bootstrap);
        ObjectSubscriber reader = backend.subscriber(stream, app, ConsumerMode.AT_LEAST_ONCE);
        if (args.length > 3 && args[3].equals("alone")) {
            reader.readersOfApplication(1);
        }
        int polls = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        long deadline = System.currentTimeMillis() + 20_000;
        StringBuilder accepted = new StringBuilder("ACCEPTED");
        List<byte[]> got = List.of();
        for (int k = 0; k < polls; k++) {
            if (k > 0) {
                append(accepted, got);
            }
            got = List.of();
            while (got.isEmpty() && System.currentTimeMillis() < deadline) {
                got = reader.poll(500);
            }
        }
        if (polls > 1) {
            System.out.println(accepted);
        }
        System.out.println(append(new StringBuilder("TOOK"), got));
        System.out.flush();
        Runtime.getRuntime().halt(3);
    }

    private static StringBuilder append(StringBuilder line, List<byte[]> values) {
        for (byte[] v : values) {
            line.append(' ').append(new String(v));
        }
        return line;
    }
}
