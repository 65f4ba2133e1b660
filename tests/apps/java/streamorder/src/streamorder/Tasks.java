package streamorder;

import io.braid.streams.ObjectDistroStream;

import java.nio.file.Files;
import java.nio.file.Path;

public final class Tasks {
    private Tasks() {
    }

    public static Long slow(int ms) throws InterruptedException {
        Thread.sleep(ms);
        return 1000L;
    }

    /** Publishes seed + k * step for k = 0..count-1, step read from the config file; returns how many. */
    public static Long produce(ObjectDistroStream<Long> out, String config, Long seed, int count) throws Exception {
        long step = Long.parseLong(Files.readString(Path.of(config)).trim());
        for (int k = 0; k < count; k++) {
            out.publish(seed + k * step);
        }
        return (long) count;
    }

    /** Sums everything the stream carries, until it is closed. */
    public static Long consume(ObjectDistroStream<Long> in) throws Exception {
        long sum = 0;
        while (true) {
            boolean closed = in.isClosed();
            for (Long v : in.poll(500)) {
                sum += v;
            }
            if (closed) {
                return sum;
            }
        }
    }

    public static void produceThenFail(ObjectDistroStream<Long> out, int count) throws Exception {
        for (int k = 0; k < count / 2; k++) {
            out.publish((long) k);
        }
        throw new IllegalStateException("producer broke after " + count / 2 + " elements");
    }

    public static void failOnceThenProduce(ObjectDistroStream<Long> out, String marker, int count) throws Exception {
        if (!java.nio.file.Files.exists(java.nio.file.Path.of(marker))) {
            java.nio.file.Files.writeString(java.nio.file.Path.of(marker), "first run\n");
            throw new IllegalStateException("first run fails before publishing");
        }
        for (int k = 0; k < count; k++) {
            out.publish((long) k);
        }
    }
}
