package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;

import java.util.List;

/**
 * Test helper run in its own JVM: a process of application "app" that attaches to the object
 * stream {@code alias} through the stream server at {@code server}, polls until it gets records
 * (AT_LEAST_ONCE: none accepted), prints them on a {@code TOOK} line and dies without closing
 * anything. Usage: {@code DyingClientReaderMain <server host:port> <alias>}.
 */
public final class DyingClientReaderMain {
    public static void main(String[] args) throws Exception {
        DistroStreamClient.install(new DistroStreamClient(args[0], "app", null));
        ObjectDistroStream<String> in = new ObjectDistroStream<>(args[1], ConsumerMode.AT_LEAST_ONCE);
        List<String> got = List.of();
        long deadline = System.currentTimeMillis() + 20_000;
        while (got.isEmpty() && System.currentTimeMillis() < deadline) {
            got = in.poll(500);
        }
        System.out.println("TOOK " + String.join(" ", got));
        System.out.flush();
        Runtime.getRuntime().halt(3);
    }
}
