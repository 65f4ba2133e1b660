package chains;

/**
 * C chains of L dependent steps of MS milliseconds each (chain c starts at c), then the sum of
 * the C results: in the main program ("main" mode) or by a binary tree of sum tasks ("fan-in"
 * mode, so the tree's inputs may be lost with a worker; "wide-fan-in": its root needs 4
 * computing units). Prints "halfway V" once the middle step of
 * chain 0 is done (tests kill a worker then, while many results live only on it), and "sum=S".
 * With a 5th argument, a file path: the main program waits for every task to end (barrier),
 * prints "all done", and once the file exists (the test creates it after killing a worker) reads
 * the middle and last result of every chain, many of them now lost with no task left that needs
 * them, and prints "middles=S" and "sum=S". Args: C L MS [main|fan-in|wide-fan-in] [resume-file].
 */
public class Main {
    public static void main(String[] args) throws Exception {
        int chains = Integer.parseInt(args[0]);
        int length = Integer.parseInt(args[1]);
        int ms = Integer.parseInt(args[2]);
        String mode = args.length > 3 ? args[3] : "main";
        boolean fanIn = mode.endsWith("fan-in");
        Integer[] cur = new Integer[chains];
        for (int c = 0; c < chains; c++) {
            cur[c] = c;
        }
        Integer middle = null;
        Integer[] middles = new Integer[chains];
        for (int k = 0; k < length; k++) {
            for (int c = 0; c < chains; c++) {
                cur[c] = Tasks.step(cur[c], ms);
            }
            if (k == length / 2) {
                middle = cur[0];
                middles = cur.clone();
            }
        }
        Integer total = null;
        if (fanIn) {
            Integer[] level = cur;
            while (level.length > 1) {
                Integer[] next = new Integer[(level.length + 1) / 2];
                for (int i = 0; i < next.length; i++) {
                    boolean root = next.length == 1;
                    if (2 * i + 1 >= level.length) {
                        next[i] = level[2 * i];
                    } else if (root && mode.equals("wide-fan-in")) {
                        next[i] = Tasks.wideSum(level[2 * i], level[2 * i + 1]);
                    } else {
                        next[i] = Tasks.sum(level[2 * i], level[2 * i + 1]);
                    }
                }
                level = next;
            }
            total = level[0];
        }
        System.out.println("halfway " + middle.intValue());
        System.out.flush();
        if (args.length > 4) {
            io.braid.api.Braid.barrier();
            System.out.println("all done");
            System.out.flush();
            java.nio.file.Path resume = java.nio.file.Path.of(args[4]);
            while (!java.nio.file.Files.exists(resume)) {
                Thread.sleep(20);
            }
            long m = 0;
            for (Integer v : middles) {
                m += v;
            }
            System.out.println("middles=" + m);
        }
        long sum = 0;
        if (fanIn) {
            sum = total;
        } else {
            for (Integer r : cur) {
                sum += r;
            }
        }
        System.out.println("sum=" + sum);
    }
}
