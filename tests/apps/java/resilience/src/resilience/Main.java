package resilience;

import java.util.ArrayList;
import java.util.List;

/**
 * N slow square tasks; in mode "two-stage" also N plusOne tasks consuming their results. Prints
 * "started" once the first square is in, then the sum. Args: N [one-stage|two-stage].
 */
public class Main {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        boolean twoStage = args.length < 2 || args[1].equals("two-stage");
        List<Integer> squares = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            squares.add(Tasks.square(i));
        }
        List<Integer> results = squares;
        if (twoStage) {
            results = new ArrayList<>();
            for (Integer s : squares) {
                results.add(Tasks.plusOne(s));
            }
        }
        int first = squares.get(0);
        System.out.println("started " + first);
        System.out.flush();
        long sum = 0;
        for (Integer p : results) {
            sum += p;
        }
        System.out.println("sum=" + sum);
    }
}
