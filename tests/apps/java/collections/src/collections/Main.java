package collections;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * COLLECTION parameters: "in N" reduces N task results through one task; "mixed" passes task
 * results beside the main program's own values and nulls; "inout" updates the elements of a list
 * in place; "empty", "returned" (a list a task returned) and "null" (a null list: wrong usage).
 */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "in" -> {
                int n = Integer.parseInt(args[1]);
                List<Integer> xs = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    xs.add(Tasks.item(i, i % 50 == 0 ? 200 : 0)); // a few slow producers: the reducer waits for them
                }
                long sum = Tasks.total(xs);
                System.out.println("sum: " + sum);
                System.out.println("expected: " + (long) n * (n - 1) / 2);
            }
            case "mixed" -> {
                List<Object> xs = new ArrayList<>();
                xs.add(Tasks.item(7, 300));
                xs.add("text");
                xs.add(null);
                xs.add(new Counter(5).value);
                xs.add(Tasks.item(9, 0));
                System.out.println("seen: " + Tasks.describe("mixed", xs, 3));
                System.out.println("main has: " + xs.get(0) + " " + xs.get(1) + " " + xs.get(2));
            }
            case "inout" -> {
                List<Counter> cs = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    cs.add(new Counter(i * 10));
                }
                Tasks.bumpAll(cs, 1);
                Tasks.bumpAll(cs.subList(1, 3), 100); // two of them again
                String seenByTask = Tasks.values(cs);   // after both updates
                Tasks.bumpAll(cs, 1000);                // after values read them (WAR)
                System.out.println("task saw: " + seenByTask);
                StringBuilder main = new StringBuilder();
                for (Counter c : cs) {
                    main.append(c.value).append(' ');   // each element waits for its last writer
                }
                System.out.println("main sees: " + main.toString().trim());
            }
            case "empty" -> System.out.println("empty: " + Tasks.total(new ArrayList<>()) + " "
                    + Tasks.describe("none", new ArrayList<>(), 1));
            case "returned" -> {
                List<Integer> xs = Tasks.range(5);
                System.out.println("returned: " + Tasks.total(xs));
            }
            case "null" -> {
                System.out.println("before");
                Tasks.total(null);
                System.out.println("after");
            }
            default -> throw new IllegalArgumentException(Arrays.toString(args));
        }
    }
}
