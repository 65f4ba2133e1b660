package streamapp;

import io.braid.streams.DistroStream;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Usage: MultiConsumer &lt;stream spec&gt;... (see {@link StreamSpec}). Reads every stream in its own
 * thread with "poll until closed, then poll once more"; prints "joined" once it is a reader of
 * every stream (first poll done), then, as each stream ends,
 * "read &lt;alias&gt; &lt;count&gt; &lt;value&gt;..." (file streams: the files' names; a path outside the
 * base directory is printed whole, so the caller sees it).
 */
public class MultiConsumer {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(args.length);
        CountDownLatch joined = new CountDownLatch(args.length);
        List<Future<?>> results = new ArrayList<>();
        for (String a : args) {
            StreamSpec spec = StreamSpec.parse(a);
            results.add(pool.submit(() -> {
                String line = read(spec, joined);
                synchronized (System.out) {
                    System.out.println(line); // as each stream ends: a stuck one shows by its absence
                    System.out.flush();
                }
                return null;
            }));
        }
        while (!joined.await(100, TimeUnit.MILLISECONDS)) {
            if (results.stream().anyMatch(Future::isDone)) {
                break; // a reader failed before its first poll: report below
            }
        }
        if (joined.getCount() == 0) {
            System.out.println("joined");
            System.out.flush();
        }
        int failed = 0;
        for (Future<?> r : results) {
            try {
                r.get();
            } catch (ExecutionException e) {
                e.getCause().printStackTrace();
                failed++;
            }
        }
        // Exit explicitly: after a failure the pool's threads would keep the JVM alive.
        System.exit(failed == 0 ? 0 : 1);
    }

    private static String read(StreamSpec spec, CountDownLatch joined) throws Exception {
        DistroStream<String> s = spec.open();
        List<String> got = new ArrayList<>(s.poll());
        joined.countDown();
        while (!s.isClosed()) {
            got.addAll(s.poll(500));
        }
        got.addAll(s.poll());
        StringBuilder line = new StringBuilder("read " + spec.alias() + " " + got.size());
        for (String v : got) {
            line.append(' ').append(spec.isFile() ? name(spec, v) : v);
        }
        return line.toString();
    }

    private static String name(StreamSpec spec, String path) {
        Path p = Path.of(path);
        return p.isAbsolute() && p.getParent().equals(Path.of(spec.baseDir())) ? p.getFileName().toString() : path;
    }
}
