package workerexit;

import java.util.ArrayList;
import java.util.List;

/**
 * Tasks that end their worker's JVM with System.exit (or Runtime.halt). Args: mode markerDir n, mode one of
 * exit-once (task 3's first attempt exits), halt-once (task 3's first attempt halts), exit-always (task 3 always exits), exit-on NODE
 * (every task that runs on node NODE exits). Prints "sum=" of i*i over the n tasks.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String markers = args[1];
        int n = Integer.parseInt(args[2]);
        String exitOn = args.length > 3 ? args[3] : "";
        List<Integer> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            results.add(Tasks.square(mode, markers, exitOn, i));
        }
        long sum = 0;
        for (Integer r : results) {
            sum += r;
        }
        System.out.println("sum=" + sum);
    }
}
