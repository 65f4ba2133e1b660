package freshchain;

import java.io.File;
import java.io.FileWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fresh run's first links, phase by phase (tests/bench/freshchain/compare.py reads the output).
 * Usage: freshchain.Main <links> [rounds]: {@code rounds} chains of {@code links} links one after
 * the other (the first is bench.Main freshchain's: the run's first tasks), each read by unboxing
 * its last result. Prints per round the ms per link, the CPU the master's and the worker's
 * processes used during the chain (summed over their threads' /proc schedstat), and appends
 * the chain's marks (start, all submitted, result read) to {@link Links#FILE}.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        StringBuilder marks = new StringBuilder();
        for (int r = 0; r < rounds; r++) {
            long wall0 = System.currentTimeMillis();
            long[] cpu0 = cpu();
            long t0 = System.nanoTime();
            Integer x = 0;
            for (int i = 0; i < n; i++) {
                x = Tasks.inc(x);
            }
            long submitted = System.nanoTime();
            int v = x;
            long t1 = System.nanoTime();
            long[] cpu1 = cpu();
            if (v != n) {
                throw new IllegalStateException("chain gave " + v + " instead of " + n);
            }
            System.out.println("WALL " + wall0 + " " + System.currentTimeMillis());
            System.out.printf("RESULT cpu%d master %.1f ms worker %.1f ms%n", r, (cpu1[0] - cpu0[0]) / 1e6,
                    (cpu1[1] - cpu0[1]) / 1e6);
            System.out.printf("RESULT round%d %.3f ms/link (submit %.3f ms)%n", r, (t1 - t0) / 1e6 / n,
                    (submitted - t0) / 1e6);
            marks.append("S ").append(r).append(' ').append(t0).append(' ').append(submitted).append(' ').append(t1)
                    .append('\n');
        }
        try (FileWriter w = new FileWriter(Links.FILE, true)) {
            w.write(marks.toString());
        }
    }

    /** CPU ns of this process and of the processes it started (the worker), over their live threads. */
    static long[] cpu() {
        long self = threads(ProcessHandle.current().pid());
        long workers = 0;
        for (ProcessHandle h : (Iterable<ProcessHandle>) ProcessHandle.current().descendants()::iterator) {
            workers += threads(h.pid());
        }
        return new long[] {self, workers};
    }

    private static long threads(long pid) {
        // no string concatenation (an invokedynamic site compiled by a plain javac): its first
        // run would spin classes in the master during the measurement
        File[] tasks = new File(new StringBuilder("/proc/").append(pid).append("/task").toString()).listFiles();
        long sum = 0;
        for (File t : tasks == null ? new File[0] : tasks) {
            try {
                String s = Files.readString(Path.of(t.getPath(), "schedstat"));
                sum += Long.parseLong(s.substring(0, s.indexOf(' ')));
            } catch (Exception e) {
                // the thread ended meanwhile
            }
        }
        return sum;
    }
}
