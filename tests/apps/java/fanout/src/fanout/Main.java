package fanout;

import java.util.ArrayList;
import java.util.List;

/** Fan-out of N partial tasks, then a pairwise (tree) reduction by add tasks. Args: N. */
public class Main {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        List<Long> level = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            level.add(Tasks.partial(i));
        }
        int adds = 0;
        while (level.size() > 1) {
            List<Long> next = new ArrayList<>();
            for (int i = 0; i + 1 < level.size(); i += 2) {
                next.add(Tasks.add(level.get(i), level.get(i + 1)));
                adds++;
            }
            if (level.size() % 2 == 1) {
                next.add(level.get(level.size() - 1));
            }
            level = next;
        }
        long total = level.get(0);
        System.out.println("adds=" + adds);
        System.out.println("sum=" + total);
    }
}
