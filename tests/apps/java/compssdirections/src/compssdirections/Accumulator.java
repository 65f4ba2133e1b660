package compssdirections;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** Values added by commutative tasks, with the wall-clock interval each of them ran in. */
public class Accumulator implements Serializable {
    private final List<Integer> values = new ArrayList<>();
    private final List<long[]> runs = new ArrayList<>();

    public void add(int v, long startMs, long endMs) {
        values.add(v);
        runs.add(new long[] {startMs, endMs});
    }

    public int sum() {
        return values.stream().mapToInt(Integer::intValue).sum();
    }

    public int count() {
        return values.size();
    }

    /** True when no two runs overlap in time (the tasks ran one at a time). */
    public boolean runsOneAtATime() {
        List<long[]> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i)[0] < sorted.get(i - 1)[1]) {
                return false;
            }
        }
        return true;
    }
}
