package corebench;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskDefinition;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The main program {@link FailureSim} plays, as the parameters of its tasks in submission order
 * (task ids 1, 2, ...) and the value each task must compute: independent tasks, chains whose first
 * link reads a value the main program wrote, fan-ins of the independent results submitted between
 * chain rounds (as a main program interleaves its phases), a second level of fan-ins, and one
 * final task reading them and every chain's end.
 */
final class SimWorkload {
    static final TaskDefinition WORK = new TaskDefinition(1, "sim.Tasks.work", "sim.Tasks", "work", List.of(),
            false, null, ResourceRequest.cores(1), false, false);

    private final List<List<SubmittedParam>> tasks = new ArrayList<>();
    private final List<Long> values = new ArrayList<>();
    private final Map<Long, Long> current = new HashMap<>(); // key -> expected value of its last version
    private final int[] lastLinks;
    private final int finalTask;
    private long nextKey = 1;

    SimWorkload(int independent, int chains, int chainLength, int fanIn) {
        long[] indepKeys = new long[independent];
        for (int i = 0; i < independent; i++) {
            indepKeys[i] = nextKey++;
            add(List.of(SubmittedParam.byValue("int", Integer.toString(i)), object(indepKeys[i], AccessMode.W)));
        }
        long[] chainKeys = new long[chains];
        lastLinks = new int[chains];
        for (int c = 0; c < chains; c++) {
            chainKeys[c] = nextKey++;
            long seed = compute(-1 - c, new long[0], 0);
            current.put(chainKeys[c], seed);
            // the first link reads the seed the main program wrote: it lives on the master
            byte[] snapshot = ByteBuffer.allocate(8).putLong(seed).array();
            add(List.of(new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Long", null, new ObjectKey(chainKeys[c]),
                    AccessMode.RW, true, snapshot, null, "chain" + c, null)));
            lastLinks[c] = tasks.size();
        }
        List<Long> level1 = new ArrayList<>();
        int nextFan = 0;
        for (int r = 1; r <= Math.max(1, chainLength - 1); r++) {
            for (int c = 0; c < chains && r < chainLength; c++) {
                add(List.of(object(chainKeys[c], AccessMode.RW)));
                lastLinks[c] = tasks.size();
            }
            int upTo = (int) ((long) independent * r / Math.max(1, chainLength - 1));
            while (nextFan < upTo) {
                int end = Math.min(independent, nextFan + fanIn);
                List<Long> in = new ArrayList<>();
                for (int i = nextFan; i < end; i++) {
                    in.add(indepKeys[i]);
                }
                level1.add(addFanIn(in));
                nextFan = end;
            }
        }
        List<Long> level2 = new ArrayList<>();
        for (int i = 0; i < level1.size(); i += fanIn) {
            level2.add(addFanIn(level1.subList(i, Math.min(level1.size(), i + fanIn))));
        }
        List<Long> last = new ArrayList<>(level2);
        for (long k : chainKeys) {
            last.add(k);
        }
        finalTask = tasks.size() + 1;
        addFanIn(last);
    }

    /** What a task computes from its input values: the same in the generator and the workers. */
    static long compute(long taskId, long[] inputs, int n) {
        long h = taskId * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < n; i++) {
            h = (h ^ inputs[i]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return h;
    }

    /** Task {@code i + 1}'s parameters. */
    List<List<SubmittedParam>> tasks() {
        return tasks;
    }

    /** The value each task computes, indexed by task id (index 0 unused). */
    long[] expected() {
        long[] e = new long[values.size() + 1];
        for (int i = 0; i < values.size(); i++) {
            e[i + 1] = values.get(i);
        }
        return e;
    }

    /** The id of each chain's last link. */
    int[] lastLinks() {
        return lastLinks;
    }

    int finalTask() {
        return finalTask;
    }

    /** A task reading {@code inputs} and writing a new object; returns that object's key. */
    private long addFanIn(List<Long> inputs) {
        List<SubmittedParam> ps = new ArrayList<>();
        for (long k : inputs) {
            ps.add(object(k, AccessMode.R));
        }
        long k = nextKey++;
        ps.add(object(k, AccessMode.W));
        add(ps);
        return k;
    }

    private void add(List<SubmittedParam> params) {
        long id = tasks.size() + 1;
        long[] in = new long[params.size()];
        int n = 0;
        for (SubmittedParam p : params) {
            if (p.kind() == JobParam.Kind.OBJECT && p.mode().reads()) {
                in[n++] = current.get(((ObjectKey) p.key()).objectId());
            }
        }
        long out = compute(id, in, n);
        values.add(out);
        for (SubmittedParam p : params) {
            if (p.kind() == JobParam.Kind.OBJECT && p.mode().writes()) {
                current.put(((ObjectKey) p.key()).objectId(), out);
            }
        }
        tasks.add(params);
    }

    private static SubmittedParam object(long key, AccessMode mode) {
        return new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Long", null, new ObjectKey(key), mode, false, null,
                null, "o" + key, null);
    }
}
