package filebench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.files.DirectoryFileStreamQueue;
import io.braid.streams.internals.files.FileStreamOptions;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Latency of a file stream from a file's close to its path being available from the queue.
 * Writes N files (4 KiB each) one at a time into a watched directory; a listener registered with
 * onAvailable takes the new paths and stamps them. Between files it pauses 5 ms plus a uniform
 * random part of two scan periods (300 ms by default), so that polling mode is measured at every
 * phase of its scan.
 *
 * <p>Usage: {@code FileStreamLatency [N=200] [dir]}; options through the system properties of
 * io.braid.streams.internals.files.FileStreamOptions, e.g. {@code -Dbraid.streams.files.polling=true}.
 * Prints {@code RESULT file_stream_latency_median <ms> ms} and {@code ..._p99}.
 */
public final class FileStreamLatency {

    private static final int WARM_UP = 20;

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path dir = args.length > 1 ? Files.createDirectories(Path.of(args[1]))
                : Files.createTempDirectory("braid-filebench-");
        byte[] payload = new byte[4096];
        // Two whole scan periods: the write lands at a uniformly random phase of the scan.
        int pauseRange = (int) (2 * FileStreamOptions.fromSystemProperties().scanInterval().toMillis());
        Map<String, Long> availableAt = new ConcurrentHashMap<>();
        List<Double> latencies = new ArrayList<>();
        try (DirectoryFileStreamQueue queue = new DirectoryFileStreamQueue(dir)) {
            queue.onAvailable(() -> {
                for (String p : queue.take("bench", "reader", ConsumerMode.AT_MOST_ONCE, Integer.MAX_VALUE)) {
                    availableAt.put(p, System.nanoTime());
                }
            });
            System.out.println("# dir " + dir + ", events " + queue.monitor().usesEvents() + ", completion rule "
                    + queue.monitor().completionRule() + ", " + n + " files after " + WARM_UP + " warm-up files");
            for (int i = 0; i < WARM_UP + n; i++) {
                Path file = dir.resolve(String.format("file-%05d.dat", i));
                try (FileOutputStream out = new FileOutputStream(file.toFile())) {
                    out.write(payload);
                }
                long closed = System.nanoTime();
                Long at = waitFor(availableAt, file.toString(), closed + TimeUnit.SECONDS.toNanos(10));
                if (at == null) {
                    throw new IOException(file + " not available 10 s after its close");
                }
                if (i >= WARM_UP) {
                    latencies.add((at - closed) / 1e6);
                }
                Thread.sleep(5 + ThreadLocalRandom.current().nextInt(pauseRange));
            }
        } finally {
            if (args.length <= 1) {
                try (var files = Files.list(dir)) {
                    for (Path p : (Iterable<Path>) files::iterator) {
                        Files.deleteIfExists(p);
                    }
                }
                Files.deleteIfExists(dir);
            }
        }
        Collections.sort(latencies);
        System.out.printf("RESULT file_stream_latency_median %.3f ms%n", percentile(latencies, 50));
        System.out.printf("RESULT file_stream_latency_p99 %.3f ms%n", percentile(latencies, 99));
        System.out.printf("# min %.3f ms, max %.3f ms%n", latencies.get(0), latencies.get(latencies.size() - 1));
    }

    private static Long waitFor(Map<String, Long> availableAt, String path, long deadline) throws InterruptedException {
        while (System.nanoTime() < deadline) {
            Long at = availableAt.get(path);
            if (at != null) {
                return at;
            }
            Thread.sleep(0, 200_000);
        }
        return null;
    }

    private static double percentile(List<Double> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
