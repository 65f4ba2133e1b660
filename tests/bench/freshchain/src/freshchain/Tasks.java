package freshchain;

import java.io.FileWriter;
import java.io.IOException;

/**
 * The chain's task. It notes when each link starts on the worker (System.nanoTime: the machine's
 * monotonic clock, the same in the master's JVM) and writes the times to {@link Links#FILE} as the
 * worker exits.
 */
public class Tasks {
    private static final long[] STARTS = new long[1_000_000];
    private static int count;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < count; i++) {
                b.append("X ").append(i).append(' ').append(STARTS[i]).append('\n');
            }
            try (FileWriter w = new FileWriter(Links.FILE, true)) {
                w.write(b.toString());
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }));
    }

    public static synchronized Integer inc(Integer x) {
        STARTS[count++] = System.nanoTime();
        return x + 1;
    }
}
