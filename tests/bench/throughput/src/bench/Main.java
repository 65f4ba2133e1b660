package bench;

import io.braid.api.Braid;

/**
 * Task throughput and chain latency.
 * Usage: bench.Main throughput <tasks> | bench.Main chain <links> [warm-up chains] | bench.Main pending <tasks> | bench.Main ready 0
 * | bench.Main once | bench.Main peers <tasks> <links> <width> <warm-up tasks> | bench.Main fanin <width> [reducer-only runs]
 * ("ready": prints {@code READY <epoch ms>} as the main starts, i.e. once every worker has connected;
 * "once" and "peers": the workloads of tests/bench/peers, see {@link Peers}).
 * Prints one line "RESULT <name> <value> <unit>" per figure.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        if (mode.equals("once") || mode.equals("peers")) {
            Peers.run(mode, args);
            return;
        }
        if (mode.equals("fanin")) {
            fanIn(Integer.parseInt(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 1);
            return;
        }
        int n = Integer.parseInt(args[1]);
        if (mode.equals("ready")) {
            System.out.println("READY " + System.currentTimeMillis());
        } else if (mode.equals("throughput")) {
            // Warm-up so class loading and JIT of the submit path are not measured.
            for (int i = 0; i < 2_000; i++) {
                Tasks.noop(i);
            }
            Braid.barrier();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                Tasks.noop(i);
            }
            long submitted = System.nanoTime();
            Braid.barrier();
            long t1 = System.nanoTime();
            System.out.printf("RESULT submit_rate %.0f tasks/s%n", n / ((submitted - t0) / 1e9));
            System.out.printf("RESULT throughput %.0f tasks/s%n", n / ((t1 - t0) / 1e9));
        } else if (mode.equals("freshchain")) {
            // A fresh run's first n links: no warm-up, the first task of the run is the chain's first.
            long t0 = System.nanoTime();
            Integer x = 0;
            for (int i = 0; i < n; i++) {
                x = Tasks.inc(x);
            }
            int v = x;
            long t1 = System.nanoTime();
            if (v != n) {
                throw new IllegalStateException("chain gave " + v + " instead of " + n);
            }
            System.out.printf("RESULT fresh_chain_latency %.3f ms/link%n", (t1 - t0) / 1e6 / n);
        } else if (mode.equals("pending")) {
            pending(n);
        } else {
            // Warm-up: the JIT compiles the master's and the worker's paths after a few thousand tasks.
            // With several workers (third argument: that many warm-up chains side by side) each
            // gets a chain, so the measured chain does not land on a cold worker.
            int warmLinks = 5_000;
            int warmChains = args.length > 2 ? Integer.parseInt(args[2]) : 1;
            Integer[] w = new Integer[warmChains];
            java.util.Arrays.fill(w, 0);
            for (int i = 0; i < warmLinks; i++) {
                for (int c = 0; c < warmChains; c++) {
                    w[c] = Tasks.inc(w[c]);
                }
            }
            int warm = w[0];
            for (int c = 1; c < warmChains; c++) {
                warm = Math.min(warm, w[c]);
            }
            Integer x;
            long t0 = System.nanoTime();
            x = 0;
            for (int i = 0; i < n; i++) {
                x = Tasks.inc(x);
            }
            int v = x;
            long t1 = System.nanoTime();
            if (v != n || warm != warmLinks) {
                throw new IllegalStateException("chain gave " + v + " instead of " + n);
            }
            System.out.printf("RESULT chain_latency %.3f ms/link%n", (t1 - t0) / 1e6 / n);
        }
    }

    /**
     * Fan-in: {@code width} producers reduced by one task taking them as a COLLECTION parameter,
     * after a warm-up (2,000 no-op tasks and two fan-ins of 2,000). Prints "fanin" (last producer
     * call to the reducer's result), "fanin_call" (the reducer's call alone: the main program's
     * side), "fanin_total" (first producer call to the result) and "fanin_reduce" (the same reducer
     * called after a barrier: its own cost, without the producers still running).
     */
    static void fanIn(int width, int reduceRuns) {
        for (int i = 0; i < 2_000; i++) {
            Tasks.noop(i);
        }
        Braid.barrier();
        Peers.fanIn(2_000, false);
        Peers.fanIn(2_000, false);
        Braid.barrier();
        Peers.fanIn(width);
        for (int i = 0; i < reduceRuns; i++) {
            Peers.fanInReduceOnly(width);
        }
    }

    /**
     * Master heap per pending task: n tasks wait for a blocker task (60 s), so all are pending
     * in the master while the heap is measured (this main runs inside the master JVM).
     */
    static void pending(int n) throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long before = usedAfterGc(rt);
        Integer gate = Tasks.block(60_000);
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            Tasks.after(gate, i);
        }
        long submitted = System.nanoTime();
        sleep(5_000); // let the core analyse the queued submissions
        long after = usedAfterGc(rt);
        System.out.printf("RESULT pending_submit_rate %.0f tasks/s%n", n / ((submitted - t0) / 1e9));
        System.out.printf("RESULT pending_heap %.0f MiB for %d tasks (max heap %d MiB)%n", (after - before) / 1048576.0,
                n, rt.maxMemory() / 1048576);
        System.out.printf("RESULT pending_bytes_per_task %.0f bytes/task%n", (after - before) / (double) n);
        System.exit(0); // the measurement is done; do not wait 60 s for the blocker
    }

    static long usedAfterGc(Runtime rt) {
        for (int i = 0; i < 3; i++) {
            System.gc();
            sleep(200);
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
