package streamapp;

import io.braid.streams.DistroStream;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

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
        CompletionService<String> readers = new ExecutorCompletionService<>(pool);
        CountDownLatch joined = new CountDownLatch(args.length);
        for (String a : args) {
            StreamSpec spec = StreamSpec.parse(a);
            readers.submit(() -> read(spec, joined));
        }
        new Thread(() -> {
            try {
                joined.await();
                print("joined");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }).start();
        for (int i = 0; i < args.length; i++) {
            try {
                print(readers.take().get()); // as each stream ends
            } catch (ExecutionException e) {
                e.getCause().printStackTrace();
                System.exit(1); // at once: the other readers would wait for a close that may never come
            }
        }
        System.exit(0);
    }

    private static void print(String line) {
        synchronized (System.out) {
            System.out.println(line);
            System.out.flush();
        }
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
