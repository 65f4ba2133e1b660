package demoapp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Language features that the rewriting must not break; compared with the un-rewritten run. */
public class Misc {
    static final Map<String, Integer> TABLE = new HashMap<>();
    static int initialised;

    static {
        TABLE.put("a", 1);
        initialised = TABLE.size() + Tasks.square(2);
    }

    enum Colour { RED, GREEN { @Override String shout() { return "GREEN!"; } }, BLUE;
        String shout() {
            return name().toLowerCase();
        }
    }

    record Point(int x, long y, double z) {
        Point {
            if (x < 0) {
                throw new IllegalArgumentException("x");
            }
        }

        double norm() {
            return x + y + z;
        }
    }

    interface Shape {
        double area();

        default String describe() {
            return getClass().getSimpleName() + ":" + area();
        }
    }

    static final class Square implements Shape {
        private final double side;

        Square(double side) {
            this.side = side;
        }

        @Override
        public double area() {
            return side * side;
        }
    }

    class Inner {
        final int base;

        Inner(int base) {
            this.base = base + offset;
        }

        int plus(int k) {
            return base + k + offset;
        }
    }

    int offset = 3;

    static long sum(long... values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }

    static String mixed(int a, long b, double c, String d, Object... rest) {
        return a + "," + b + "," + c + "," + d + "," + Arrays.toString(rest);
    }

    public static String run() {
        StringBuilder out = new StringBuilder();
        out.append(initialised).append(';');
        try {
            Object o = null;
            o.hashCode();
        } catch (NullPointerException e) {
            out.append("npe;");
        } finally {
            out.append("finally;");
        }
        try {
            new Point(-1, 2, 3);
        } catch (IllegalArgumentException e) {
            out.append("iae:").append(e.getMessage()).append(';');
        }
        for (Colour c : Colour.values()) {
            switch (c) {
                case RED -> out.append("r");
                case GREEN -> out.append("g");
                default -> out.append("b");
            }
            out.append(c.shout());
        }
        out.append(';');
        String s = "two";
        switch (s) {
            case "one":
                out.append(1);
                break;
            case "two":
                out.append(2);
                break;
            default:
                out.append(0);
        }
        Point p = new Point(1, 2L, 0.5);
        out.append(p).append(p.norm()).append(p.equals(new Point(1, 2L, 0.5))).append(';');
        Shape sq = new Square(1.5);
        out.append(sq.describe()).append(';');
        Misc m = new Misc();
        Inner in = m.new Inner(10);
        out.append(in.plus(1)).append(';');
        IntBinaryOperator op = (x, y) -> x * y + m.offset;
        Supplier<String> sup = m::toString;
        out.append(op.applyAsInt(6, 7)).append(sup.get().startsWith("demoapp.Misc")).append(';');
        out.append(sum(1L, 2L, 3L)).append(mixed(1, 2L, 3.5, "d", "e", 6)).append(';');
        List<Integer> squares = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            squares.add(Tasks.square(i));
        }
        out.append(squares.stream().map(x -> x + 1).collect(Collectors.toList())).append(';');
        Map<Integer, Integer> byKey = new HashMap<>();
        byKey.put(Tasks.square(3), Tasks.square(4));
        byKey.forEach((k, v) -> out.append(k).append('>').append(v));
        out.append(';');
        long[][] grid = new long[2][3];
        grid[1][2] = Tasks.square(5);
        double acc = 0;
        synchronized (out) {
            for (long[] row : grid) {
                for (long v : row) {
                    acc += v / 2.0;
                }
            }
        }
        out.append(acc).append(';');
        Object boxed = Tasks.scale(2L, 0.25);
        out.append(boxed instanceof Double d ? "d" + d : "?").append(';');
        Counter c = new Counter();
        c.add(Tasks.square(2));
        out.append(c.get()).append(';');
        char[] cs = {'a', 'b'};
        cs[1] = 'z';
        out.append(cs).append(cs.length);
        return out.toString();
    }
}
