package demoapp;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Scenarios run through the instrumenting loader by the tests; each returns what it "printed". */
public class App {
    public static String squarePlusOne() {
        Integer r = Tasks.square(3);
        return String.valueOf(r + 1);
    }

    public static String nested() {
        Integer r = Tasks.square(Tasks.square(2));
        return "r=" + r;
    }

    public static double longDouble() {
        return Tasks.scale(5L, 2.5) + 1;
    }

    public static int counters() {
        Counter c = new Counter();
        c.add(5);
        c.add(2);
        SubCounter s = new SubCounter();
        s.add(10);
        OverridingCounter o = new OverridingCounter();
        o.add(1);
        return c.get() * 10000 + s.get() * 1000 + o.total;
    }

    public static int loop(int n) {
        for (int i = 0; i < n; i++) {
            Tasks.noop(i);
        }
        return n;
    }

    public static String collect() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        List<Integer> results = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            results.add(Tasks.square(i));
        }
        App.mark(results);
        out.println(results);
        return bytes.toString(StandardCharsets.UTF_8).trim();
    }

    /** A hook for the test to look at the list before it is printed. */
    public static void mark(Object o) {
        MARKS.add(o);
    }

    public static final List<Object> MARKS = new ArrayList<>();

    public static int fieldAndArray(Box b, int[] a, Object[] objs) {
        int v = b.direct();
        int w = b.cells.length;
        a[1] = 7;
        long[] longs = new long[2];
        longs[1] = 40L;
        double[] ds = {1.5};
        ds[0] += 1;
        objs[0] = b;
        return v + w + a[1] + (int) longs[1] + (int) ds[0] + (objs[0] == b ? 1 : 0);
    }

    public static String boxes() {
        Box b = Tasks.makeBox("b", 41);
        Box c = Tasks.makeBox(Tasks.greet("x"), 1);
        return b + "/" + c.label() + "/" + (b.value() + 1);
    }

    public static String files(String dir) throws IOException {
        String path = dir + "/out.txt";
        Tasks.fill(path, 3);
        int firstByte;
        try (FileInputStream in = new FileInputStream(path)) {
            firstByte = in.read();
        }
        List<String> lines = Files.readAllLines(Path.of(path));
        return (char) firstByte + ":" + lines.size();
    }
}
