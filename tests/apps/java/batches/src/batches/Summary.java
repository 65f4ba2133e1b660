package batches;

import java.io.Serializable;
import java.util.BitSet;

/**
 * What the batch tasks found: how many elements, the sum of their squares, the batches, and
 * which elements were seen (a bit each), so that a lost or repeated element shows.
 */
public final class Summary implements Serializable {
    private static final long serialVersionUID = 1L;

    private long elements;
    private long sumOfSquares;
    private int batches;
    private long repeated;
    private final BitSet seen = new BitSet();

    public Summary() {
    }

    /** The summary of one batch. */
    public static Summary ofBatch(Iterable<Integer> batch) {
        Summary s = new Summary();
        s.batches = 1;
        for (int x : batch) {
            s.elements++;
            s.sumOfSquares += (long) x * x;
            if (s.seen.get(x)) {
                s.repeated++;
            }
            s.seen.set(x);
        }
        return s;
    }

    /** Both summaries together (elements seen by both count as repeated). */
    public Summary plus(Summary other) {
        Summary s = new Summary();
        s.elements = elements + other.elements;
        s.sumOfSquares = sumOfSquares + other.sumOfSquares;
        s.batches = batches + other.batches;
        BitSet both = (BitSet) seen.clone();
        both.and(other.seen);
        s.repeated = repeated + other.repeated + both.cardinality();
        s.seen.or(seen);
        s.seen.or(other.seen);
        return s;
    }

    /** One result line: {@code elements=.. distinct=.. repeated=.. missing=.. sum_squares=.. batches=..}. */
    public String describe(int n) {
        int missing = n - seen.get(0, n).cardinality();
        return "elements=" + elements + " distinct=" + seen.cardinality() + " repeated=" + repeated + " missing=" + missing
                + " sum_squares=" + sumOfSquares + " batches=" + batches;
    }
}
