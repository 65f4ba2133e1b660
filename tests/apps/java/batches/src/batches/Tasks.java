package batches;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;

/** Plain methods; under braid-run each call from {@link Main} is a task (see {@link MainItf}). */
public final class Tasks {
    private Tasks() {
    }

    public static void produce(ObjectDistroStream<Integer> out, int from, int count, int pauseMs) throws Exception {
        for (int x = from; x < from + count; x++) {
            out.publish(x);
            if (pauseMs > 0) {
                Thread.sleep(pauseMs);
            }
        }
        // The stream closes for its reader once every producer task has returned (or closed it).
    }

    public static Summary processBatch(ArrayList<Integer> batch) {
        return Summary.ofBatch(batch);
    }

    public static Summary merge(Summary a, Summary b) {
        return a.plus(b);
    }
}
