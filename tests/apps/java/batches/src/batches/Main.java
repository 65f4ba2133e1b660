package batches;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Nested hybrid workflow (example d): producer tasks publish the elements 0..n-1 to an object
 * stream; the main program consumes the stream, cuts what it receives into batches of
 * {@code <batch>} elements and starts a task per batch as soon as the batch is full (the last
 * one may be smaller); a chain of merge tasks adds up the batch results.
 *
 * <p>The consumer that spawns tasks is the main program because a task cannot submit tasks
 * (no nested task submission in this runtime; docs/HYBRID.md).
 *
 * <p>Usage: {@code Main <n> <batch> <producers> <pause ms>}. Prints {@code batch <k> size=<s>}
 * per batch, {@code spawned_while_open=<k>} (batch tasks started before the stream closed:
 * depends on timing), {@code elements=<e> distinct=<d> repeated=<r> missing=<m>
 * sum_squares=<q> batches=<b>} and {@code expected batches=<b> sum_squares=<q>}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int batchSize = Integer.parseInt(args[1]);
        int producers = Integer.parseInt(args[2]);
        int pauseMs = Integer.parseInt(args[3]);

        ObjectDistroStream<Integer> elements = new ObjectDistroStream<>();
        for (int p = 0; p < producers; p++) {
            int from = (int) ((long) n * p / producers);
            int to = (int) ((long) n * (p + 1) / producers);
            Tasks.produce(elements, from, to - from, pauseMs); // a writer of the stream from now on
        }

        Summary total = new Summary();
        List<Integer> sizes = new ArrayList<>();
        int spawnedWhileOpen = 0;
        ArrayList<Integer> batch = new ArrayList<>(batchSize);
        while (true) {
            boolean closed = elements.isClosed(); // before polling: the poll after closure returns the rest
            for (Integer x : elements.poll(200)) {
                batch.add(x);
                if (batch.size() == batchSize) {
                    total = Tasks.merge(total, Tasks.processBatch(batch)); // the task got a copy of the batch
                    sizes.add(batch.size());
                    spawnedWhileOpen += closed ? 0 : 1;
                    batch = new ArrayList<>(batchSize);
                }
            }
            if (closed) {
                break;
            }
        }
        if (!batch.isEmpty()) {
            total = Tasks.merge(total, Tasks.processBatch(batch));
            sizes.add(batch.size());
        }

        for (int k = 0; k < sizes.size(); k++) {
            System.out.println("batch " + k + " size=" + sizes.get(k));
        }
        // How many batch tasks started before the producers had finished (depends on timing).
        System.out.println("spawned_while_open=" + spawnedWhileOpen);
        System.out.println(total.describe(n)); // first use of the last merge's result: waits for it
        long expected = 0;
        for (long x = 0; x < n; x++) {
            expected += x * x;
        }
        System.out.println("expected batches=" + ((n + batchSize - 1) / batchSize) + " sum_squares=" + expected);
    }
}
