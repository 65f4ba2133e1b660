package collections;

import java.util.List;

public class BadTasks {
    public static long sumArray(int[] xs) {
        return xs.length;
    }

    public static void fill(List<Integer> xs) {
        xs.add(1);
    }
}
