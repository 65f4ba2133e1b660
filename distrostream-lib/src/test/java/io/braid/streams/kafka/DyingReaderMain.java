package io.braid.streams.kafka;

import io.braid.streams.ConsumerMode;
import io.braid.streams.backend.ObjectSubscriber;

import java.util.List;

/**
 * Test helper run in its own JVM: an AT_LEAST_ONCE reader that polls once, reports, and dies
 * without acknowledging. A fourth argument {@code alone} makes it its application's only reader
 * (bulk acquisition).
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
        long deadline = System.currentTimeMillis() + 20_000;
        List<byte[]> got = List.of();
        while (got.isEmpty() && System.currentTimeMillis() < deadline) {
            got = reader.poll(500);
        }
        StringBuilder line = new StringBuilder("TOOK");
        for (byte[] v : got) {
            line.append(' ').append(new String(v));
        }
        System.out.println(line);
        System.out.flush();
        Runtime.getRuntime().halt(3);
    }
}
