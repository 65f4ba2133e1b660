package streamorder;

import io.braid.streams.ObjectDistroStream;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Usage: {@code Main order <count> <dir>}: the consumer task is ready before its producer (which
 * waits for a slow task), yet the producer runs first even on a single slot; prints
 * {@code produced=<n> sum=<s> expected=<e>}.
 * {@code Main fail <count>}: a producer publishes then fails for good while the main program
 * reads its stream; the run must stop with the producer's error, not hang.
 * {@code Main retry <count> <dir>}: a producer fails once before publishing, runs again and
 * publishes {@code count} elements; prints {@code read=<n> sum=<s>}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[1]);
        ObjectDistroStream<Long> stream = new ObjectDistroStream<>();
        if (args[0].equals("retry")) {
            Path dir = Path.of(args[2]);
            Files.createDirectories(dir);
            Tasks.failOnceThenProduce(stream, dir.resolve("ran-once").toString(), count);
            long got = 0;
            long sum = 0;
            boolean closed = false;
            while (!closed) {
                closed = stream.isClosed();
                for (Long v : stream.poll(500)) {
                    got++;
                    sum += v;
                }
            }
            System.out.println("read=" + got + " sum=" + sum);
            return;
        }
        if (args[0].equals("fail")) {
            Tasks.produceThenFail(stream, count);
            long got = 0;
            boolean closed = false;
            while (!closed) {
                closed = stream.isClosed();
                got += stream.poll(500).size();
            }
            System.out.println("stream closed after " + got + " elements");
            return;
        }
        Path config = Path.of(args[2]).resolve("step.txt");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "3\n");
        Long seed = Tasks.slow(1500);
        Long produced = Tasks.produce(stream, config.toString(), seed, count);
        Long sum = Tasks.consume(stream);
        long expected = 0;
        for (int k = 0; k < count; k++) {
            expected += 1000 + 3L * k;
        }
        System.out.println("produced=" + produced + " sum=" + sum + " expected=" + expected);
    }
}
