package corebench;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.core.RuntimeCore;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.SharedDisks;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.resources.NodeDescription;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskSubmission;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;

/**
 * The real {@link RuntimeCore} (analyser, scheduler, job factory, lineage recovery) on simulated
 * nodes of a simulated clock, with nodes failing at random times. Workers are embedded channels
 * whose jobs are "run" here: a job fetches its inputs from the nodes its sources name (failing
 * with an input-unavailable error after a timeout when none of them still holds the version),
 * computes its output value from the input values, and reports it after a random duration.
 *
 * <p>Workload: independent tasks, chains of dependent tasks (each link updates its chain's object,
 * the first link reads a value the main program wrote), fan-ins of the independent results, a
 * second level of fan-ins, and a final task reading every chain end and second-level result; the
 * main program then reads the final result and the chain ends (recomputing lost ones).
 *
 * <p>Failures: a share of the nodes die at random times (their jobs vanish, their data is gone);
 * the core hears of it after a detection delay. Most come back as restarted workers
 * ({@code workerLost(n, true)} then {@code workerBack(n)}), others are excluded (after a failed
 * restart, or at once). Some failures are aimed at nodes running a re-run for lost data, and two
 * at nodes holding chain ends when the main program is about to read them.
 *
 * <p>Checks, exit status 1 if one fails: the main program saw every task end exactly once; every
 * task ran to completion at least once; no task had two live jobs at once; every job computed the
 * expected value from its inputs (so no wrong version was ever sent), and the main program read
 * the expected final values; every re-run of a completed task was for an output with no copy left;
 * no fatal error; the analyser has nothing pending. Prints "RESULT name value unit" lines.
 *
 * <p>Usage: {@code FailureSim [nodes cores independent chains chainLength fanIn failPercent seed meanMs]}
 * (defaults 1000 48 200000 2000 50 50 5 22 1000). With a mean below 50 ms the core sends tasks
 * ahead to the workers (prefetch), and more jobs are lost with a node.
 */
public final class FailureSim {
    private static final long MS = 1_000_000L;
    /** How long a fetch from a dead node takes to fail (the worker's connect timeout). */
    private static final long FETCH_TIMEOUT_MS = 1_000;
    private static final long MAX_DETECT_MS = 2_000;

    // ---- configuration -------------------------------------------------------------------------
    private final int nodes;
    private final int cores;
    private final int independent;
    private final int chains;
    private final int chainLength;
    private final int fanIn;
    private final int failures;
    /** Mean task duration in simulated ms (exponential, from a twentieth of it, at most 20 times it). */
    private final long meanMs;
    private final Random rnd;

    // ---- the core under test ---------------------------------------------------------------------
    private final List<String> fatal = new ArrayList<>();
    private final RuntimeCore core;
    private final VersionStore masterStore = new VersionStore();
    private final List<WorkerHandle> workers = new ArrayList<>();

    // ---- workload -------------------------------------------------------------------------------
    private int taskCount;
    /** Expected output value per task id (the value a correct run computes). */
    private long[] expected;
    private int[] mainEnds;
    private int finalTask;
    private int[] lastLinks;
    private final Map<Long, Long> expectedMainRead = new HashMap<>();

    // ---- simulated cluster ------------------------------------------------------------------------
    private final boolean[] dead;
    private final int[] incarnation;
    private final List<Set<String>> held = new ArrayList<>();
    /** The value of every version ever written (a version has one value: re-runs must agree). */
    private final Map<String, Long> values = new HashMap<>();
    /** Every node each version was ever written on (a node's {@code held} says whether it still is). */
    private final Map<String, int[]> writtenOn = new HashMap<>();
    private final int[] busy;
    private final List<ArrayDeque<Job>> queued = new ArrayList<>();
    private final Map<Long, Job> live = new HashMap<>();
    private final Map<Long, Job> liveByTask = new HashMap<>();
    private final List<Job> inbox = new ArrayList<>();
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private long now;
    private long seq;
    private final String[] outName;
    private final boolean[] completedOnce;

    // ---- counters -------------------------------------------------------------------------------
    private long jobsDispatched;
    private long jobsLostWithNode;
    private final Set<Long> resubmittedTasks = new HashSet<>();
    private long reruns;
    private long rerunsHitByFailure;
    private long inputUnavailable;
    private long killsRandom;
    private long killsAtRerun;
    private long killsAtEnd;
    private long restarted;
    private long excluded;
    private final List<String> violations = new ArrayList<>();

    private int targetedLeft;
    /** Tasks whose re-run a failure was aimed at: once each (a task on 3 dying workers stops the run). */
    private final Set<Long> targeted = new HashSet<>();
    private boolean mainReading;
    private boolean mainDone;
    private long finalEndedAt;

    private record Job(RunTask run, int node, int inc, long duration, long value, boolean rerun) {
    }

    private enum Kind { DONE, FETCH_FAIL, KILL, DETECT, BACK, EXCLUDE, MAIN_READ }

    private record Event(long time, long seq, Kind kind, int node, int inc, Job job, int mode)
            implements Comparable<Event> {
        public int compareTo(Event o) {
            return time != o.time ? Long.compare(time, o.time) : Long.compare(seq, o.seq);
        }
    }

    FailureSim(int nodes, int cores, int independent, int chains, int chainLength, int fanIn, double failPercent,
               long seed, long meanMs) {
        this.meanMs = meanMs;
        this.nodes = nodes;
        this.cores = cores;
        this.independent = independent;
        this.chains = chains;
        this.chainLength = chainLength;
        this.fanIn = fanIn;
        this.failures = (int) Math.round(nodes * failPercent / 100);
        this.rnd = new Random(seed);
        this.dead = new boolean[nodes];
        this.incarnation = new int[nodes];
        this.busy = new int[nodes];
        List<NodeDescription> descs = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            NodeDescription d = new NodeDescription("n" + i, cores, 0, null, 0, 0, 1, null, null,
                    NodeDescription.NO_LIMIT, Map.of());
            descs.add(d);
            WorkerHandle w = new WorkerHandle(i, d);
            w.connected(channel(i, 0), "10.0.0." + i, 1, "n" + i + ".log");
            workers.add(w);
            held.add(new HashSet<>());
            queued.add(new ArrayDeque<>());
        }
        Scheduler scheduler = new Scheduler(descs.stream().map(NodeDescription::toResources).toList());
        DataLocations locations = new DataLocations();
        JobFactory jobs = new JobFactory(workers, locations, masterStore, new SharedDisks(Map.of()), "master", 2);
        core = new RuntimeCore(new TaskAnalyser(), scheduler, locations, masterStore, workers, jobs, null, null,
                fatal::add);
        int fanIns1 = (independent + fanIn - 1) / fanIn;
        int fanIns2 = (fanIns1 + fanIn - 1) / fanIn;
        int total = independent + chains * chainLength + fanIns1 + fanIns2 + 1;
        expected = new long[total + 1];
        mainEnds = new int[total + 1];
        outName = new String[total + 1];
        completedOnce = new boolean[total + 1];
    }

    /** A worker connection: what the core writes to it lands in the inbox, tagged with the node's incarnation. */
    private EmbeddedChannel channel(int node, int inc) {
        return new EmbeddedChannel(new ChannelOutboundHandlerAdapter() {
            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                RunTask run = (RunTask) msg;
                inbox.add(new Job(run, node, inc, 0, 0, false));
            }
        });
    }

    // ---- the main program ----------------------------------------------------------------------

    private static final TaskDefinition WORK = new TaskDefinition(1, "sim.Tasks.work", "sim.Tasks", "work", List.of(),
            false, null, ResourceRequest.cores(1), false, false);

    /** What a task computes from its input values: the same in the generator and the workers. */
    static long compute(long taskId, long[] inputs, int n) {
        long h = taskId * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < n; i++) {
            h = (h ^ inputs[i]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return h;
    }

    private long nextKey = 1;
    private final Map<Long, Long> current = new HashMap<>(); // key -> expected value of its last version

    private void submit(List<SubmittedParam> params) {
        long id = ++taskCount;
        long[] in = new long[params.size()];
        int n = 0;
        for (SubmittedParam p : params) {
            if (p.kind() == JobParam.Kind.OBJECT && p.mode().reads()) {
                in[n++] = current.get(((ObjectKey) p.key()).objectId());
            }
        }
        long out = compute(id, in, n);
        expected[(int) id] = out;
        for (SubmittedParam p : params) {
            if (p.kind() == JobParam.Kind.OBJECT && p.mode().writes()) {
                current.put(((ObjectKey) p.key()).objectId(), out);
            }
        }
        core.submit(new TaskSubmission(id, WORK, params, null));
        core.whenTaskEnds(id, () -> {
            mainEnds[(int) id]++;
            if (id == finalTask) {
                finalEnded();
            }
        });
    }

    private static SubmittedParam object(long key, AccessMode mode) {
        return new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Long", null, new ObjectKey(key), mode, false, null,
                null, "o" + key, null);
    }

    private void submitWorkload() {
        long[] indepKeys = new long[independent];
        for (int i = 0; i < independent; i++) {
            indepKeys[i] = nextKey++;
            submit(List.of(SubmittedParam.byValue("int", Integer.toString(i)), object(indepKeys[i], AccessMode.W)));
        }
        long[] chainKeys = new long[chains];
        lastLinks = new int[chains];
        for (int c = 0; c < chains; c++) {
            chainKeys[c] = nextKey++;
            long seed = compute(-1 - c, new long[0], 0);
            current.put(chainKeys[c], seed);
            // the first link reads the seed the main program wrote: it lives on the master
            byte[] snapshot = ByteBuffer.allocate(8).putLong(seed).array();
            submit(List.of(new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Long", null, new ObjectKey(chainKeys[c]),
                    AccessMode.RW, true, snapshot, null, "chain" + c, null)));
            lastLinks[c] = taskCount;
        }
        // Fan-ins of the independent results are submitted between chain rounds, as a main
        // program interleaves its phases.
        List<Long> level1 = new ArrayList<>();
        int nextFan = 0;
        for (int r = 1; r <= Math.max(1, chainLength - 1); r++) {
            for (int c = 0; c < chains && r < chainLength; c++) {
                submit(List.of(object(chainKeys[c], AccessMode.RW)));
                lastLinks[c] = taskCount;
            }
            int upTo = (int) ((long) independent * r / Math.max(1, chainLength - 1));
            while (nextFan < upTo) {
                int end = Math.min(independent, nextFan + fanIn);
                List<SubmittedParam> ps = new ArrayList<>();
                for (int i = nextFan; i < end; i++) {
                    ps.add(object(indepKeys[i], AccessMode.R));
                }
                long k = nextKey++;
                ps.add(object(k, AccessMode.W));
                submit(ps);
                level1.add(k);
                nextFan = end;
            }
        }
        List<Long> level2 = new ArrayList<>();
        for (int i = 0; i < level1.size(); i += fanIn) {
            List<SubmittedParam> ps = new ArrayList<>();
            for (int j = i; j < Math.min(level1.size(), i + fanIn); j++) {
                ps.add(object(level1.get(j), AccessMode.R));
            }
            long k = nextKey++;
            ps.add(object(k, AccessMode.W));
            submit(ps);
            level2.add(k);
        }
        List<SubmittedParam> ps = new ArrayList<>();
        for (long k : level2) {
            ps.add(object(k, AccessMode.R));
        }
        for (long k : chainKeys) {
            ps.add(object(k, AccessMode.R));
        }
        long k = nextKey++;
        ps.add(object(k, AccessMode.W));
        finalTask = taskCount + 1;
        submit(ps);
        for (int c = 0; c < chains; c++) {
            expectedMainRead.put((long) lastLinks[c], expected[lastLinks[c]]);
        }
        expectedMainRead.put((long) finalTask, expected[finalTask]);
    }

    /** The final task ended: two nodes holding chain ends die, then the main program reads its results. */
    private void finalEnded() {
        finalEndedAt = now;
        int hits = 0;
        for (int c = 0; c < chains && hits < 2; c++) {
            String name = outName[lastLinks[c]];
            for (int n = 0; n < nodes && hits < 2; n++) {
                if (!dead[n] && held.get(n).contains(name)) {
                    schedule(now, Kind.KILL, n, incarnation[n], null, 0);
                    killsAtEnd++;
                    hits++;
                    break;
                }
            }
        }
        schedule(now + 1, Kind.MAIN_READ, 0, 0, null, 0);
    }

    private final Set<Long> toRead = new HashSet<>();
    private int readsRecomputing;

    /**
     * The main program reads the final result and every chain end: from a live holder, or after
     * the core recomputed it (retrying while the core has not yet noticed a dead holder).
     */
    private void mainRead() {
        if (!mainReading) {
            mainReading = true;
            toRead.addAll(expectedMainRead.keySet());
        }
        for (var it = toRead.iterator(); it.hasNext(); ) {
            long task = it.next();
            String name = outName[(int) task];
            Integer holder = liveHolder(name);
            if (holder != null) {
                long v = values.get(name);
                if (v != expectedMainRead.get(task)) {
                    violation("the main program read " + name + " (task " + task + ") = " + v + ", expected "
                            + expectedMainRead.get(task));
                }
                it.remove();
                continue;
            }
            boolean known = false;
            for (int h : core.locations().holders(name)) {
                known |= h >= 0 && workers.get(h).alive();
            }
            if (!known) {
                it.remove();
                readsRecomputing++;
                core.recompute(name, () -> {
                    readsRecomputing--;
                    toRead.add(task);
                    schedule(now, Kind.MAIN_READ, 0, 0, null, 0);
                });
            }
        }
        if (toRead.isEmpty() && readsRecomputing == 0) {
            mainDone = true;
        } else if (!toRead.isEmpty()) {
            schedule(now + FETCH_TIMEOUT_MS, Kind.MAIN_READ, 0, 0, null, 0);
        }
    }

    // ---- the simulated workers -----------------------------------------------------------------

    /** A live node that really holds the version (whatever the core believes), or null. */
    private Integer liveHolder(String name) {
        int[] hs = writtenOn.get(name);
        if (hs != null) {
            for (int n : hs) {
                if (!dead[n] && held.get(n).contains(name)) {
                    return n;
                }
            }
        }
        return null;
    }

    /** A job arrived at its node: runs now if a core is free, else waits there. */
    private void arrived(Job j) {
        jobsDispatched++;
        if (dead[j.node] || incarnation[j.node] != j.inc) {
            jobsLostWithNode++;
            resubmittedTasks.add(j.run.taskId());
            return;
        }
        Job other = liveByTask.get(j.run.taskId());
        if (other != null && !dead[other.node] && incarnation[other.node] == other.inc) {
            violation("task " + j.run.taskId() + " sent to n" + j.node + " while its job " + other.run.jobId()
                    + " still runs on n" + other.node);
        }
        liveByTask.put(j.run.taskId(), j);
        live.put(j.run.jobId(), j);
        if (busy[j.node] < cores) {
            start(j);
        } else {
            queued.get(j.node).add(j);
        }
    }

    private void start(Job arrived) {
        busy[arrived.node]++;
        RunTask run = arrived.run;
        int task = (int) run.taskId();
        boolean rerun = completedOnce[task];
        if (rerun) {
            String out = outputs(run).get(0);
            if (liveHolder(out) != null) {
                violation("task " + task + " re-run though its output " + out + " still has a copy");
            }
            if (targetedLeft > 0 && rnd.nextInt(4) == 0 && targeted.add(run.taskId())) {
                targetedLeft--;
                killsAtRerun++;
                schedule(now + 1 + rnd.nextInt(200), Kind.KILL, arrived.node, arrived.inc, null, 0);
            }
        }
        long[] in = new long[run.params().size()];
        int n = 0;
        for (JobParam p : run.params()) {
            if (p.inData() == null) {
                continue;
            }
            Long v = fetch(p);
            if (v == null) {
                schedule(now + FETCH_TIMEOUT_MS, Kind.FETCH_FAIL, arrived.node, arrived.inc, arrived, 0);
                return;
            }
            in[n++] = v;
        }
        long value = compute(task, in, n);
        if (value != expected[task]) {
            violation("task " + task + " (job " + run.jobId() + ") computed a wrong value: an input was not"
                    + " the version it should read");
        }
        long duration = Math.max(1, meanMs / 20 + (long) Math.min(20.0 * meanMs,
                -Math.log(1 - rnd.nextDouble()) * meanMs * 0.95));
        Job j = new Job(run, arrived.node, arrived.inc, duration, value, rerun);
        live.put(run.jobId(), j);
        liveByTask.put(run.taskId(), j);
        schedule(now + duration, Kind.DONE, j.node, j.inc, j, 0);
    }

    /** The value of an input, from the first source that still holds it; null when none does. */
    private Long fetch(JobParam p) {
        for (DataLocation src : p.sources()) {
            if (src.node().equals("master")) {
                return ByteBuffer.wrap(masterStore.object(p.inData()).orElseThrow()).getLong();
            }
            int n = Integer.parseInt(src.node().substring(1));
            if (!dead[n] && held.get(n).contains(p.inData())) {
                return values.get(p.inData());
            }
        }
        return null;
    }

    private static List<String> outputs(RunTask run) {
        List<String> outs = new ArrayList<>(1);
        for (JobParam p : run.params()) {
            if (p.outData() != null) {
                outs.add(p.outData());
            }
        }
        return outs;
    }

    private void freeCore(int node) {
        busy[node]--;
        Job next = queued.get(node).poll();
        if (next != null) {
            start(next);
        }
    }

    private boolean current(Event e) {
        return !dead[e.node] && incarnation[e.node] == e.inc;
    }

    private void done(Job j) {
        live.remove(j.run.jobId());
        liveByTask.remove(j.run.taskId());
        int task = (int) j.run.taskId();
        List<String> outs = outputs(j.run);
        for (String out : outs) {
            Long before = values.putIfAbsent(out, j.value);
            if (before != null && before != j.value) {
                violation("version " + out + " recomputed with another value");
            }
            held.get(j.node).add(out);
            int[] on = writtenOn.get(out);
            if (on == null) {
                writtenOn.put(out, new int[] {j.node});
            } else {
                on = java.util.Arrays.copyOf(on, on.length + 1);
                on[on.length - 1] = j.node;
                writtenOn.put(out, on);
            }
        }
        outName[task] = outs.get(0);
        if (completedOnce[task]) {
            reruns++;
        }
        completedOnce[task] = true;
        freeCore(j.node);
        core.taskDone(j.node, new TaskDone(j.run.jobId(), outs, outs.stream().map(o -> 8L).toList(),
                now * 1000, j.duration * MS, "e0"));
    }

    /** A node dies: its jobs and data are gone; the core hears of it after a detection delay. */
    private void kill(int node) {
        dead[node] = true;
        held.get(node).clear();
        queued.get(node).clear();
        busy[node] = 0;
        for (Job j : live.values()) {
            if (j.node == node && j.rerun) {
                rerunsHitByFailure++;
            }
        }
        int mode = rnd.nextInt(10); // 0-5 restarted, 6-7 restart fails (excluded), 8-9 excluded at once
        schedule(now + 10 + rnd.nextInt((int) MAX_DETECT_MS), Kind.DETECT, node, incarnation[node], null, mode);
    }

    private void detect(int node, int mode) {
        List<Long> gone = new ArrayList<>();
        for (Job j : live.values()) {
            if (j.node == node) {
                gone.add(j.run.jobId());
                jobsLostWithNode++;
                resubmittedTasks.add(j.run.taskId());
            }
        }
        gone.forEach(id -> liveByTask.remove(live.remove(id).run.taskId()));
        if (mode < 8) {
            core.workerLost(node, true);
            schedule(now + 2_000 + rnd.nextInt(8_000), mode < 6 ? Kind.BACK : Kind.EXCLUDE, node, 0, null, 0);
        } else {
            core.workerLost(node, false);
            excluded++;
        }
    }

    private void back(int node) {
        incarnation[node]++;
        dead[node] = false;
        workers.get(node).connected(channel(node, incarnation[node]), "10.0.0." + node, 1, "n" + node + ".log");
        core.workerBack(node);
        restarted++;
    }

    private void schedule(long time, Kind kind, int node, int inc, Job job, int mode) {
        events.add(new Event(time, seq++, kind, node, inc, job, mode));
    }

    private void violation(String what) {
        if (violations.size() < 20) {
            System.out.println("VIOLATION " + what);
        }
        violations.add(what);
    }

    // ---- the run ----------------------------------------------------------------------------------

    void run() {
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        submitWorkload();
        long submitted = System.nanoTime();
        // Failures: half in the busy first seconds, half over the chains' span; a sixth aimed at re-runs.
        targetedLeft = failures / 6;
        int random = failures - targetedLeft - 2;
        long span = chainLength * meanMs * 8 / 10;
        for (int i = 0; i < random; i++) {
            long at = (long) (rnd.nextDouble() * (i % 2 == 0 ? 8 * meanMs : span));
            schedule(at, Kind.KILL, -1, 0, null, 0);
        }
        now = 0;
        core.dispatch();
        drainInbox();
        while (!mainDone && fatal.isEmpty() && !events.isEmpty()) {
            now = events.peek().time;
            while (!events.isEmpty() && events.peek().time == now) {
                handle(events.poll());
            }
            core.dispatch();
            drainInbox();
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        double cpuSecs = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
        double submitSecs = (submitted - t0) / 1e9;
        report(secs, cpuSecs, submitSecs);
    }

    private void drainInbox() {
        while (!inbox.isEmpty()) {
            List<Job> batch = new ArrayList<>(inbox);
            inbox.clear();
            batch.forEach(this::arrived);
        }
    }

    private void handle(Event e) {
        switch (e.kind) {
            case DONE -> {
                if (current(e) && live.get(e.job.run.jobId()) == e.job) {
                    done(e.job);
                }
            }
            case FETCH_FAIL -> {
                if (current(e) && live.remove(e.job.run.jobId()) != null) {
                    liveByTask.remove(e.job.run.taskId());
                    inputUnavailable++;
                    freeCore(e.node);
                    core.taskFailed(e.node, new TaskFailed(e.job.run.jobId(),
                            TaskFailed.INPUT_UNAVAILABLE + "no source holds an input"));
                }
            }
            case KILL -> {
                int node = e.node;
                if (node < 0) {
                    int up = 0;
                    for (boolean d : dead) {
                        up += d ? 0 : 1;
                    }
                    if (up <= 1) {
                        return; // the run keeps one node: losing them all stops it by design
                    }
                    killsRandom++;
                    do {
                        node = rnd.nextInt(nodes);
                    } while (dead[node]);
                } else if (!current(e)) {
                    return;
                }
                kill(node);
            }
            case DETECT -> detect(e.node, e.mode);
            case BACK -> back(e.node);
            case EXCLUDE -> {
                core.nodeExcluded(e.node, "its worker could not be started again");
                excluded++;
            }
            case MAIN_READ -> mainRead();
        }
    }

    private void report(double secs, double cpuSecs, double submitSecs) {
        if (!fatal.isEmpty()) {
            violation("fatal error: " + fatal.get(0));
        }
        if (!mainDone) {
            violation("the run ended before the main program read its results (events left: " + events.size() + ")");
        }
        long notOnce = 0;
        for (int t = 1; t <= taskCount; t++) {
            if (mainEnds[t] != 1 || !completedOnce[t]) {
                if (notOnce++ < 5) {
                    violation("task " + t + " ended " + mainEnds[t] + " times for the main program, ran to completion: "
                            + completedOnce[t]);
                }
            }
        }
        if (notOnce > 0) {
            violation(notOnce + " tasks did not end exactly once");
        }
        if (core.analyser().pendingTasks() != 0) {
            violation("the analyser still has " + core.analyser().pendingTasks() + " pending tasks");
        }
        if (core.stats().total() != taskCount) {
            violation("the core counted " + core.stats().total() + " completions for " + taskCount + " tasks");
        }
        System.out.printf("# %d tasks (%d independent, %d chains x %d, fan-ins of %d, 1 final) on %d x %d cores;"
                        + " %.1f s simulated (final task ended at %.1f s), %.1f s wall (%.1f s submitting),"
                        + " %.1f s CPU%n", taskCount, independent, chains, chainLength, fanIn, nodes, cores,
                now / 1000.0, finalEndedAt / 1000.0, secs, submitSecs, cpuSecs);
        System.out.printf("# node failures: %d (%d random, %d during a re-run for lost data, %d before the final"
                        + " reads); %d came back as restarted workers, %d excluded%n",
                killsRandom + killsAtRerun + killsAtEnd, killsRandom, killsAtRerun, killsAtEnd, restarted, excluded);
        System.out.printf("# jobs: %d sent, %d lost with their node (%d tasks resubmitted), %d re-runs for lost data"
                        + " (%d of them on a node that then died), %d input-unavailable retries%n", jobsDispatched,
                jobsLostWithNode, resubmittedTasks.size(), reruns, rerunsHitByFailure, inputUnavailable);
        System.out.printf("# every task ended once for the main program, values right, no fatal error: %s%n",
                violations.isEmpty() ? "yes" : "NO (" + violations.size() + " violations)");
        String tag = "simfail_" + nodes + "x" + cores;
        System.out.printf("RESULT %s_decisions %.0f decisions/s%n", tag, jobsDispatched / secs);
        System.out.printf("RESULT %s_cost %.2f us/decision%n", tag, secs * 1e6 / jobsDispatched);
        System.out.printf("RESULT %s_cpu_cost %.2f us/decision%n", tag, cpuSecs * 1e6 / jobsDispatched);
        System.out.printf("RESULT %s_wall %.2f s%n", tag, secs);
        System.out.printf("RESULT %s_tasks %d tasks%n", tag, taskCount);
        System.out.printf("RESULT %s_node_failures %d nodes%n", tag, killsRandom + killsAtRerun + killsAtEnd);
        System.out.printf("RESULT %s_resubmitted %d tasks%n", tag, resubmittedTasks.size());
        System.out.printf("RESULT %s_reruns_lost_data %d tasks%n", tag, reruns);
        System.out.printf("RESULT %s_violations %d count%n", tag, violations.size());
    }

    public static void main(String[] args) {
        int[] d = {1_000, 48, 200_000, 2_000, 50, 50};
        for (int i = 0; i < Math.min(args.length, d.length); i++) {
            d[i] = Integer.parseInt(args[i]);
        }
        double failPercent = args.length > 6 ? Double.parseDouble(args[6]) : 5;
        long seed = args.length > 7 ? Long.parseLong(args[7]) : 22;
        long meanMs = args.length > 8 ? Long.parseLong(args[8]) : 1_000;
        FailureSim sim = new FailureSim(d[0], d[1], d[2], d[3], d[4], d[5], failPercent, seed, meanMs);
        sim.run();
        System.exit(sim.violations.isEmpty() ? 0 : 1);
    }
}
