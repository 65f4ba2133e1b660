package bench;

import java.util.List;

public class Tasks {
    public static void noop(int i) {
    }

    public static Integer block(int millis) throws InterruptedException {
        Thread.sleep(millis);
        return 0;
    }

    public static void after(Integer gate, int i) {
    }

    public static Integer inc(Integer x) {
        return x + 1;
    }

    public static Integer item(int i) {
        return i;
    }

    public static Integer total(List<Integer> xs) {
        int sum = 0;
        for (Integer x : xs) {
            sum += x;
        }
        return sum;
    }

    public static Integer add10(Integer a0, Integer a1, Integer a2, Integer a3, Integer a4, Integer a5, Integer a6,
            Integer a7, Integer a8, Integer a9) {
        return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
    }
}
