package corebench;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.core.RuntimeCore;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.SharedDisks;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.resources.NodeDescription;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskSubmission;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;

import java.nio.ByteBuffer;
import corebench.SimEvent.Job;
import corebench.SimEvent.Kind;
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
 * the core hears of it after a detection delay. Most come back as tally.restarted workers
 * ({@code workerLost(n, true)} then {@code workerBack(n)}), others are tally.excluded (after a failed
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
    private final SimWorkload workload;
    private final long[] expected;
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
    private final PriorityQueue<SimEvent> events = new PriorityQueue<>();
    private long now;
    private long seq;
    private final String[] outName;
    private final boolean[] completedOnce;

    // ---- counters -------------------------------------------------------------------------------
    private final SimTally tally = new SimTally();

    private int targetedLeft;
    /** Tasks whose re-run a failure was aimed at: once each (a task on 3 dying workers stops the run). */
    private final Set<Long> targeted = new HashSet<>();
    private boolean mainReading;
    private boolean mainDone;
    private long finalEndedAt;

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
        this.workload = new SimWorkload(independent, chains, chainLength, fanIn);
        int total = workload.tasks().size();
        expected = workload.expected();
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

    private void submitWorkload() {
        finalTask = workload.finalTask();
        lastLinks = workload.lastLinks();
        for (List<SubmittedParam> params : workload.tasks()) {
            long id = ++taskCount;
            core.submit(new TaskSubmission(id, SimWorkload.WORK, params, null));
            core.whenTaskEnds(id, () -> {
                mainEnds[(int) id]++;
                if (id == finalTask) {
                    finalEnded();
                }
            });
        }
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
                    tally.killsAtEnd++;
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
        tally.jobsDispatched++;
        if (dead[j.node()] || incarnation[j.node()] != j.inc()) {
            tally.jobsLostWithNode++;
            tally.resubmittedTasks.add(j.run().taskId());
            return;
        }
        Job other = liveByTask.get(j.run().taskId());
        if (other != null && !dead[other.node()] && incarnation[other.node()] == other.inc()) {
            violation("task " + j.run().taskId() + " sent to n" + j.node() + " while its job " + other.run().jobId()
                    + " still runs on n" + other.node());
        }
        liveByTask.put(j.run().taskId(), j);
        live.put(j.run().jobId(), j);
        if (busy[j.node()] < cores) {
            start(j);
        } else {
            queued.get(j.node()).add(j);
        }
    }

    private void start(Job arrived) {
        busy[arrived.node()]++;
        RunTask run = arrived.run();
        int task = (int) run.taskId();
        boolean rerun = completedOnce[task];
        if (rerun) {
            String out = outputs(run).get(0);
            if (liveHolder(out) != null) {
                violation("task " + task + " re-run though its output " + out + " still has a copy");
            }
            if (targetedLeft > 0 && rnd.nextInt(4) == 0 && targeted.add(run.taskId())) {
                targetedLeft--;
                tally.killsAtRerun++;
                schedule(now + 1 + rnd.nextInt(200), Kind.KILL, arrived.node(), arrived.inc(), null, 0);
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
                schedule(now + FETCH_TIMEOUT_MS, Kind.FETCH_FAIL, arrived.node(), arrived.inc(), arrived, 0);
                return;
            }
            in[n++] = v;
        }
        long value = SimWorkload.compute(task, in, n);
        if (value != expected[task]) {
            violation("task " + task + " (job " + run.jobId() + ") computed a wrong value: an input was not"
                    + " the version it should read");
        }
        long duration = Math.max(1, meanMs / 20 + (long) Math.min(20.0 * meanMs,
                -Math.log(1 - rnd.nextDouble()) * meanMs * 0.95));
        Job j = new Job(run, arrived.node(), arrived.inc(), duration, value, rerun);
        live.put(run.jobId(), j);
        liveByTask.put(run.taskId(), j);
        schedule(now + duration, Kind.DONE, j.node(), j.inc(), j, 0);
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

    private boolean current(SimEvent e) {
        return !dead[e.node()] && incarnation[e.node()] == e.inc();
    }

    private void done(Job j) {
        live.remove(j.run().jobId());
        liveByTask.remove(j.run().taskId());
        int task = (int) j.run().taskId();
        List<String> outs = outputs(j.run());
        for (String out : outs) {
            Long before = values.putIfAbsent(out, j.value());
            if (before != null && before != j.value()) {
                violation("version " + out + " recomputed with another value");
            }
            held.get(j.node()).add(out);
            int[] on = writtenOn.get(out);
            if (on == null) {
                writtenOn.put(out, new int[] {j.node()});
            } else {
                on = java.util.Arrays.copyOf(on, on.length + 1);
                on[on.length - 1] = j.node();
                writtenOn.put(out, on);
            }
        }
        outName[task] = outs.get(0);
        if (completedOnce[task]) {
            tally.reruns++;
        }
        completedOnce[task] = true;
        freeCore(j.node());
        core.taskDone(j.node(), new TaskDone(j.run().jobId(), outs, outs.stream().map(o -> 8L).toList(),
                now * 1000, j.duration() * MS, "e0"));
    }

    /** A node dies: its jobs and data are gone; the core hears of it after a detection delay. */
    private void kill(int node) {
        dead[node] = true;
        held.get(node).clear();
        queued.get(node).clear();
        busy[node] = 0;
        for (Job j : live.values()) {
            if (j.node() == node && j.rerun()) {
                tally.rerunsHitByFailure++;
            }
        }
        int mode = rnd.nextInt(10); // 0-5 tally.restarted, 6-7 restart fails (tally.excluded), 8-9 tally.excluded at once
        schedule(now + 10 + rnd.nextInt((int) MAX_DETECT_MS), Kind.DETECT, node, incarnation[node], null, mode);
    }

    private void detect(int node, int mode) {
        List<Long> gone = new ArrayList<>();
        for (Job j : live.values()) {
            if (j.node() == node) {
                gone.add(j.run().jobId());
                tally.jobsLostWithNode++;
                tally.resubmittedTasks.add(j.run().taskId());
            }
        }
        gone.forEach(id -> liveByTask.remove(live.remove(id).run().taskId()));
        if (mode < 8) {
            core.workerLost(node, true);
            schedule(now + 2_000 + rnd.nextInt(8_000), mode < 6 ? Kind.BACK : Kind.EXCLUDE, node, 0, null, 0);
        } else {
            core.workerLost(node, false);
            tally.excluded++;
        }
    }

    private void back(int node) {
        incarnation[node]++;
        dead[node] = false;
        workers.get(node).connected(channel(node, incarnation[node]), "10.0.0." + node, 1, "n" + node + ".log");
        core.workerBack(node);
        tally.restarted++;
    }

    private void schedule(long time, Kind kind, int node, int inc, Job job, int mode) {
        events.add(new SimEvent(time, seq++, kind, node, inc, job, mode));
    }

    private void violation(String what) {
        tally.violation(what);
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
            now = events.peek().time();
            while (!events.isEmpty() && events.peek().time() == now) {
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

    private void handle(SimEvent e) {
        switch (e.kind()) {
            case DONE -> {
                if (current(e) && live.get(e.job().run().jobId()) == e.job()) {
                    done(e.job());
                }
            }
            case FETCH_FAIL -> {
                if (current(e) && live.remove(e.job().run().jobId()) != null) {
                    liveByTask.remove(e.job().run().taskId());
                    tally.inputUnavailable++;
                    freeCore(e.node());
                    core.taskFailed(e.node(), new TaskFailed(e.job().run().jobId(),
                            TaskFailed.INPUT_UNAVAILABLE + "no source holds an input"));
                }
            }
            case KILL -> {
                int node = e.node();
                if (node < 0) {
                    int up = 0;
                    for (boolean d : dead) {
                        up += d ? 0 : 1;
                    }
                    if (up <= 1) {
                        return; // the run keeps one node: losing them all stops it by design
                    }
                    tally.killsRandom++;
                    do {
                        node = rnd.nextInt(nodes);
                    } while (dead[node]);
                } else if (!current(e)) {
                    return;
                }
                kill(node);
            }
            case DETECT -> detect(e.node(), e.mode());
            case BACK -> back(e.node());
            case EXCLUDE -> {
                core.nodeExcluded(e.node(), "its worker could not be started again");
                tally.excluded++;
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
        tally.print("simfail_" + nodes + "x" + cores, taskCount, secs, cpuSecs);
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
        System.exit(sim.tally.violations.isEmpty() ? 0 : 1);
    }
}
