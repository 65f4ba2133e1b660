package collections;

import java.util.Collection;
import java.util.List;

public class Tasks {
    public static Integer item(int i, int sleepMs) throws InterruptedException {
        if (sleepMs > 0) {
            Thread.sleep(sleepMs);
        }
        return i;
    }

    public static long total(List<Integer> xs) {
        long sum = 0;
        for (Integer x : xs) {
            sum += x;
        }
        return sum;
    }

    /** The elements as the task sees them: class and value, in order. */
    public static String describe(String label, Collection<Object> xs, int tail) {
        StringBuilder sb = new StringBuilder(label).append(' ').append(xs.getClass().getSimpleName()).append(':');
        for (Object x : xs) {
            sb.append(' ').append(x == null ? "null" : x.getClass().getSimpleName() + "=" + x);
        }
        return sb.append(" tail=").append(tail).toString();
    }

    public static void bumpAll(List<Counter> cs, int by) {
        for (Counter c : cs) {
            c.value += by;
        }
    }

    public static String values(List<Counter> cs) {
        StringBuilder sb = new StringBuilder();
        for (Counter c : cs) {
            sb.append(c.value).append(' ');
        }
        return sb.toString().trim();
    }

    public static List<Integer> range(int n) {
        List<Integer> xs = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            xs.add(i);
        }
        return xs;
    }
}
