package io.braid.engine.core;

import io.braid.api.OnFailure;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.ParamAccess;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.analysis.TaskRequest;
import io.braid.engine.data.DataLocations;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.dispatch.DataLostException;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.monitor.ProgressLine;
import io.braid.engine.monitor.TaskStats;
import io.braid.engine.monitor.trace.TraceRecorder;
import io.braid.engine.scheduling.Assignment;
import io.braid.engine.scheduling.ReadyTask;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskSubmission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The task life cycle, on the core thread: submission to the analyser, ready tasks to the
 * scheduler, assignments to workers, results back, retries, lost workers. Nothing here blocks.
 * Tasks with stream parameters also go through {@link StreamTasks} (producers before consumers,
 * consumers near producers, failed writers reported); tasks of types with an auto storage-bandwidth
 * constraint through {@link AutoConstraints} (learning, then the chosen value).
 */
public final class RuntimeCore {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeCore.class);

    private final TaskAnalyser analyser;
    private final Scheduler scheduler;
    private final DataLocations locations;
    private final VersionStore masterStore;
    private final List<WorkerHandle> workers;
    private final JobFactory jobFactory;
    private final TaskStats stats = new TaskStats();
    private final PrefetchPolicy prefetch = new PrefetchPolicy();
    private final Lineage lineage = new Lineage();
    private final StreamTasks streams;
    private final CommutativeGroups commutative = new CommutativeGroups();
    private final TaskGroups groups = new TaskGroups();
    private final AutoConstraints auto;
    private ObjectSpill spill;
    private final ProgressLine progress;
    private final Consumer<String> onFatal;
    private final TraceRecorder trace;

    private final Map<Long, TaskRecord> tasks = new HashMap<>();
    private final DataDrops drops;
    private final Map<Long, TaskRecord> jobs = new HashMap<>();
    private final Map<Long, List<Runnable>> onTaskEnd = new HashMap<>();
    private final List<Runnable> onIdle = new ArrayList<>();
    private final boolean[] touched;
    /** Lost nodes on which a new worker is being started. */
    private final java.util.Set<Integer> restarting = new java.util.HashSet<>();
    /** Tasks that will never run or whose failure was passed over, by id: why (for the main program's errors). */
    private final Map<Long, String> notRun = new HashMap<>();
    /** Where empty values of tasks whose failure is ignored are written (files); null: a temporary directory. */
    private java.nio.file.Path emptyValuesDir;
    /** Lines for the user (stderr) that do not stop the run. */
    private Consumer<String> userWarnings = line -> { };
    private long nextJobId = 1;
    private long done;
    private String fatal;

    public RuntimeCore(TaskAnalyser analyser, Scheduler scheduler, DataLocations locations, VersionStore masterStore,
                       List<WorkerHandle> workers, JobFactory jobFactory, ProgressLine progress, TraceRecorder trace,
                       Consumer<String> onFatal) {
        this.analyser = analyser;
        this.scheduler = scheduler;
        this.locations = locations;
        this.masterStore = masterStore;
        this.workers = workers;
        this.jobFactory = jobFactory;
        this.progress = progress;
        this.onFatal = onFatal;
        this.trace = trace;
        this.drops = new DataDrops(this, analyser, tasks, masterStore, locations, workers);
        this.touched = new boolean[workers.size()];
        this.streams = new StreamTasks(analyser);
        this.auto = new AutoConstraints(scheduler, i -> workers.get(i).name(), trace,
                () -> System.currentTimeMillis() * 1000);
    }

    /**
     * Keeps the main program's object versions of at least {@code minBytes} in files under
     * {@code dir} (deleted by {@link #closeSpill()}) instead of the heap; a failure to write them goes
     * to {@code warnings} once.
     */
    public void spillObjects(java.nio.file.Path dir, int minBytes, java.util.function.Consumer<String> warnings) {
        spill = new ObjectSpill(dir, minBytes, warnings);
    }

    /** Deletes the files of {@link #spillObjects}. */
    public void closeSpill() {
        if (spill != null) {
            spill.close();
        }
    }

    /** Who shows the user the lines that do not stop the run (a task failure passed over). */
    public void setUserWarnings(Consumer<String> warnings) {
        userWarnings = warnings;
    }

    /** Where the empty output files of tasks whose failure is ignored ({@code onFailure = IGNORE}) go. */
    public void setEmptyValuesDir(java.nio.file.Path dir) {
        emptyValuesDir = dir;
    }

    /** Where types with an auto storage-bandwidth constraint run their tasks while they learn. */
    public void setLearningPolicy(io.braid.engine.scheduling.learning.LearningPolicy policy) {
        auto.policy(policy);
    }

    /** Who hears about stream-writing tasks that will never finish (core thread). */
    public void setStreamTaskListener(StreamTaskListener listener) {
        streams.setListener(listener);
    }

    // ---- submission ---------------------------------------------------------------------------

    public void submit(TaskSubmission s) {
        if (fatal != null) {
            return;
        }
        List<SubmittedParam> params = s.params();
        List<ParamAccess> accesses = new ArrayList<>(params.size() + 1);
        for (SubmittedParam p : params) {
            accesses.add(p.kind() == JobParam.Kind.VALUE || p.kind() == JobParam.Kind.STREAM ? ParamAccess.byValue()
                    : new ParamAccess(p.key(), p.mode(), p.mainWroteBefore()));
        }
        if (s.returnKey() != null) {
            accesses.add(new ParamAccess(s.returnKey(), io.braid.engine.analysis.AccessMode.W, false));
        }
        AnalysedTask a = analyser.register(new TaskRequest(s.taskId(), s.definition().typeId(), accesses,
                StreamTasks.accesses(s)));
        for (int i = 0; i < params.size(); i++) {
            registerMainVersion(params.get(i), a.readVersion(i));
        }
        TaskRecord rec = new TaskRecord(s, a);
        tasks.put(s.taskId(), rec);
        commutative.registered(rec);
        groups.submitted(s.taskId(), s.groups());
        streams.submitted(rec);
        if (a.isReady()) {
            makeReady(rec);
        }
    }

    /** A version the main program wrote (or a datum's first value) lives on the master. */
    private void registerMainVersion(SubmittedParam p, DataVersion read) {
        if (read == null || analyser.writerOf(read) != 0) {
            return;
        }
        String name = read.name();
        if (locations.holders(name).length > 0) {
            return;
        }
        if (p.snapshot() != null) {
            if (spill != null) {
                spill.keep(masterStore, name, p.snapshot());
            } else {
                masterStore.putObject(name, p.snapshot());
            }
            locations.add(name, DataLocations.MASTER, p.snapshot().length);
        } else if (p.file() != null) {
            masterStore.putFile(name, p.file());
            locations.add(name, DataLocations.MASTER, p.file().toFile().length());
        }
    }

    private void makeReady(TaskRecord rec) {
        if (!streams.admit(rec)) {
            return; // a stream consumer waiting for its producers; StreamTasks gives it back
        }
        if (!commutative.admit(rec)) {
            return; // another task of its commutative group runs; CommutativeGroups gives it back
        }
        var def = rec.submission.definition();
        AnalysedTask a = rec.analysed;
        ReadyTask ready = new ReadyTask(rec.id(), def.request(), def.priority() || StreamTasks.priority(a),
                streams.preferredNodes(a, jobFactory.preferredNodes(a)), rec.excludedNode, a.usesStreams());
        if (!def.alternativeRequests().isEmpty()) {
            ready = ready.withAlternatives(def.alternativeRequests()); // the scheduler picks the implementation
        }
        if (AutoConstraints.handles(def)) {
            auto.ready(ready, def);
        } else {
            scheduler.addReady(ready);
        }
    }

    /** Back to the scheduler after a retry or a lost worker. */
    private void requeue(TaskRecord rec) {
        streams.requeued(rec);
        makeReady(rec);
    }

    /** Consumers a stream producer released: ready now. Returns whether there were any. */
    private boolean release(List<Long> consumers) {
        for (long id : consumers) {
            TaskRecord r = tasks.get(id);
            if (r != null) {
                makeReady(r);
            }
        }
        return !consumers.isEmpty();
    }

    // ---- dispatch (once per core batch) -------------------------------------------------------

    public void dispatch() {
        // A producer started in this pass may release consumers: schedule them in the same pass.
        boolean again = true;
        while (again && fatal == null) {
            again = false;
            auto.release();
            for (Assignment as : scheduler.schedule()) {
                auto.dispatched(as.taskId());
                TaskRecord rec = tasks.get(as.taskId());
                if (rec == null) {
                    scheduler.release(as.taskId()); // cancelled (its group) while it waited in the queue
                    auto.ended(as.taskId(), false, 0, 0);
                    again = true; // what it held goes to the next ready task in this pass
                    continue;
                }
                WorkerHandle w = workers.get(as.nodeIndex());
                commutative.dispatched(rec);
                RunTask job;
                try {
                    job = jobFactory.build(nextJobId++, rec.submission, rec.analysed, as.nodeIndex(),
                            as.implementation());
                } catch (DataLostException e) {
                    scheduler.release(rec.id());
                    auto.ended(rec.id(), false, 0, 0);
                    List<String> lost = jobFactory.lostInputs(rec.analysed); // all of them, not just the first
                    awaitRecomputed(rec, lost.isEmpty() ? List.of(e.dataName()) : lost);
                    // The re-runs just made ready must be scheduled in this very pass: no other
                    // event may come to start another one (the run would idle forever).
                    again = true;
                    continue;
                }
                rec.node = as.nodeIndex();
                rec.jobId = job.jobId();
                jobs.put(job.jobId(), rec);
                w.write(job);
                touched[as.nodeIndex()] = true;
                again |= release(streams.dispatched(rec, as.nodeIndex()));
            }
            if (!again && scheduler.runningCount() == 0) {
                again = auto.stalled(); // nothing runs: learning epochs go with the tasks they have
            }
        }
        for (int i = 0; i < touched.length; i++) {
            if (touched[i]) {
                touched[i] = false;
                workers.get(i).flush();
            }
        }
        if (fatal == null) {
            String stall = stallReason();
            if (stall != null) {
                fail(stall);
            }
        }
        if (progress != null) {
            int running = scheduler.runningCount();
            progress.update(done, running, tasks.size() - running, System.nanoTime());
        }
    }

    // ---- results ------------------------------------------------------------------------------

    public void taskDone(int node, TaskDone msg) {
        TaskRecord rec = jobs.remove(msg.jobId());
        if (rec == null) {
            return;
        }
        for (int i = 0; i < msg.outputs().size(); i++) {
            locations.add(msg.outputs().get(i), node, msg.outputSizes().get(i));
            String path = msg.outputPath(i);
            if (path != null) {
                jobFactory.fileWritten(msg.outputs().get(i), node, path);
            }
        }
        scheduler.release(rec.id());
        double storageBW = auto.ended(rec.id(), true, msg.runNanos(), msg.startMicros());
        if (trace != null) {
            trace.task(workers.get(node).name(), msg.executor(), rec.submission.definition().label()
                    + (rec.regeneration ? " (recomputed)" : ""), rec.id(), msg.startMicros(), msg.runNanos() / 1000,
                    storageBW);
        }
        if (rec.regeneration) {
            tasks.remove(rec.id());
            LOG.info("recomputed {} on {}", msg.outputs(), workers.get(node).name());
            lineage.recomputed(rec, msg.outputs()).forEach(Runnable::run);
            checkIdle();
            return;
        }
        for (String out : msg.outputs()) {
            lineage.produced(out, rec);
        }
        stats.record(rec.submission.definition().label(), msg.runNanos());
        scheduler.setPrefetch(prefetch.record(msg.runNanos()));
        finished(rec);
    }

    /** The task counts as ended well: its successors may run. */
    private void finished(TaskRecord rec) {
        tasks.remove(rec.id());
        done++;
        commutative.ended(rec).forEach(this::makeReady);
        for (long next : analyser.taskFinished(rec.id())) {
            TaskRecord r = tasks.get(next);
            if (r != null) {
                makeReady(r);
            }
        }
        release(streams.ended(rec));
        groups.ended(rec.id(), rec.submission.groups());
        runContinuations(rec.id());
        checkIdle();
    }

    public void taskFailed(int node, TaskFailed msg) {
        TaskRecord rec = jobs.remove(msg.jobId());
        if (rec == null) {
            return;
        }
        scheduler.release(rec.id());
        auto.ended(rec.id(), false, 0, 0);
        if (msg.inputUnavailable() && ++rec.inputLosses <= TaskRecord.MAX_INPUT_LOSSES) {
            // The holder of an input vanished mid-fetch; its loss is being handled. Not the task's fault.
            LOG.info("task {} could not fetch an input on {}; sending it again: {}", rec.submission.describe(),
                    workers.get(node).name(), msg.error());
            requeue(rec);
            return;
        }
        if (msg.braidException() != null && !rec.submission.groups().isEmpty() && !rec.regeneration) {
            groupException(rec, workers.get(node).name(), msg.braidException());
            return;
        }
        rec.failures++;
        rec.lastError = msg.error();
        rec.lastFailedNode = workers.get(node).name();
        if (msg.streamsUsed()) {
            // As for a stream task on a lost worker: a second run would publish again or miss records.
            LOG.error("task {} failed on {} after it exchanged stream elements:\n{}", rec.submission.describe(),
                    rec.lastFailedNode, msg.error());
            fail("task " + rec.submission.describe() + " failed on " + rec.lastFailedNode + ": " + firstLine(msg.error())
                    + System.lineSeparator() + "  it had published or taken stream elements, so it is not run again"
                    + " (its readers have what it published, what it took is gone)" + System.lineSeparator()
                    + "  worker log: " + workers.get(node).logFile(), rec);
            return;
        }
        OnFailure policy = rec.submission.definition().onFailure();
        if (policy == OnFailure.RETRY && rec.failures < TaskRecord.MAX_ATTEMPTS) {
            LOG.warn("task {} failed on {}; resubmitting it to another resource: {}", rec.submission.describe(),
                    rec.lastFailedNode, firstLine(msg.error()));
            // A stream writer may go back to its node: other nodes may be full of its consumers.
            rec.excludedNode = rec.analysed.writesStreams() ? -1 : node;
            requeue(rec);
            return;
        }
        if (rec.regeneration) {
            policy = OnFailure.FAIL; // a re-run that cannot recompute lost data: its readers cannot go on
        }
        switch (policy) {
            case IGNORE -> {
                String line = "task " + rec.submission.describe() + " failed on " + rec.lastFailedNode
                        + " (onFailure = IGNORE): the run goes on, what it writes is empty: " + firstLine(msg.error());
                LOG.warn(line);
                userWarnings.accept(line);
                notRun.put(rec.id(), "task " + rec.submission.describe() + " failed (onFailure = IGNORE): "
                        + firstLine(msg.error()));
                streams.writerDropped(rec);
                ignoreFailure(rec);
            }
            case CANCEL_SUCCESSORS -> {
                String why = "task " + rec.submission.describe() + " failed on " + rec.lastFailedNode
                        + " (onFailure = CANCEL_SUCCESSORS): " + firstLine(msg.error());
                List<Long> cancelled = cancelWithSuccessors(rec, why);
                String line = why + "; the run goes on without it and the " + (cancelled.size() - 1)
                        + " task(s) that need what it writes";
                LOG.warn(line);
                userWarnings.accept(line);
                checkIdle();
            }
            default -> {
                LOG.error("task {} failed for good on {}:\n{}", rec.submission.describe(), rec.lastFailedNode, msg.error());
                fail("task " + rec.submission.describe() + " failed on " + rec.lastFailedNode
                        + (policy == OnFailure.FAIL ? " (onFailure = FAIL)" : " after " + rec.failures + " attempts")
                        + ": " + firstLine(msg.error()) + System.lineSeparator() + "  worker log: "
                        + workers.get(node).logFile(), rec);
            }
        }
    }

    /**
     * The task threw a BraidException inside task groups: not a failure to retry, but the end of
     * its groups. It and what needs its data are dropped, every group it belongs to records the
     * message (for the main program's barrier) and has its unfinished tasks cancelled.
     */
    private void groupException(TaskRecord rec, String node, String message) {
        List<String> names = rec.submission.groups();
        String why = "task " + rec.submission.describe() + " threw BraidException on " + node + ": " + message;
        LOG.info("{}; cancelling the unfinished tasks of group(s) {}", why, names);
        groups.threw(names, message);
        cancelWithSuccessors(rec, why);
        for (String g : names) {
            cancelGroupTasks(g, why);
        }
        checkIdle();
    }

    /** The main program cancels the group ({@code Braid.cancelGroup}). */
    public void cancelGroup(String name) {
        int n = cancelGroupTasks(name, "group " + name + " was cancelled by the main program");
        LOG.info("group {} cancelled by the main program: {} unfinished task(s) cancelled", name, n);
        checkIdle();
    }

    /** Passes {@code then} the message of the BraidException a task of the group threw (null: none) once it has no unfinished task. */
    public void barrierGroup(String name, Consumer<String> then) {
        groups.barrier(name, then);
    }

    /**
     * Cancels the group's unfinished tasks and what needs their data: a running (or queued) job is
     * forgotten and its worker told to stop it; the others never start. Returns how many.
     */
    private int cancelGroupTasks(String name, String why) {
        int n = 0;
        for (long id : groups.unfinished(name)) {
            TaskRecord r = tasks.get(id);
            if (r == null || r.regeneration) {
                continue;
            }
            if (r.jobId != 0 && jobs.get(r.jobId) == r) {
                jobs.remove(r.jobId);
                scheduler.release(r.id());
                auto.ended(r.id(), false, 0, 0);
                WorkerHandle w = workers.get(r.node);
                if (w.alive()) {
                    w.write(new io.braid.comm.message.CancelJob(r.jobId, why));
                    w.flush();
                }
            }
            n += cancelWithSuccessors(r, "cancelled: " + why).size();
        }
        return n;
    }

    /**
     * {@code onFailure = IGNORE}: the task counts as ended, and each version it writes gets an
     * empty value on the master (null for an object or a result, an empty file for a file).
     */
    private void ignoreFailure(TaskRecord rec) {
        AnalysedTask a = rec.analysed;
        List<SubmittedParam> params = rec.submission.params();
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion out = a.writeVersion(i);
            if (out == null) {
                continue;
            }
            boolean file = i < params.size() && params.get(i).kind() == JobParam.Kind.FILE;
            try {
                if (file) {
                    java.nio.file.Path empty = EmptyValues.file(emptyValuesDir, out.name());
                    masterStore.putFile(out.name(), empty);
                    locations.add(out.name(), DataLocations.MASTER, 0);
                } else {
                    byte[] none = EmptyValues.NULL_OBJECT;
                    masterStore.putObject(out.name(), none);
                    locations.add(out.name(), DataLocations.MASTER, none.length);
                }
            } catch (java.io.IOException e) {
                fail("cannot write the empty value of " + out.name() + " for ignored task "
                        + rec.submission.describe() + ": " + e.getMessage(), rec);
                return;
            }
        }
        finished(rec);
    }

    /**
     * Drops the task and every task that needs what it writes, transitively: none of them will
     * run, and whoever waits for them is told {@code why}. Returns their ids (the task first).
     * The caller checks for idleness.
     */
    private List<Long> cancelWithSuccessors(TaskRecord rec, String why) {
        List<Long> ids = new ArrayList<>();
        ids.add(rec.id());
        ids.addAll(analyser.taskFailedForGood(rec.id()));
        for (long id : ids) {
            TaskRecord r = tasks.remove(id);
            notRun.put(id, id == rec.id() ? why : "it needs data of " + rec.submission.describe() + ", which was not"
                    + " computed (" + why + ")");
            if (r != null) {
                streams.writerDropped(r);
                release(streams.ended(r));
                commutative.ended(r).forEach(this::makeReady);
                groups.ended(id, r.submission.groups());
            }
            runContinuations(id);
        }
        return ids;
    }

    /**
     * Why {@code version} will never have a value, or null when it has or will have one: its
     * writer was cancelled (for the main program's error).
     */
    public String whyNotComputed(DataVersion version) {
        long writer = analyser.writerOf(version);
        if (writer <= 0 || !analyser.isFailed(writer)) {
            return null;
        }
        String why = notRun.get(writer);
        return version.name() + " was not computed: " + (why != null ? why : "its task " + writer + " did not run");
    }

    /** {@link #workerLost(int, boolean)} of a worker that will not be started again. */
    public void workerLost(int node) {
        workerLost(node, false);
    }

    /**
     * The node's worker is gone (its connection closed or fell silent): its running tasks go
     * back to the scheduler and the data only it held is recomputed when needed. With
     * {@code restarting}, a new worker is being started on the node ({@link #workerBack} or
     * {@link #nodeExcluded} follows); until then the run does not count as stalled.
     */
    public void workerLost(int node, boolean restarting) {
        WorkerHandle w = workers.get(node);
        if (!w.alive()) {
            return;
        }
        if (restarting) {
            this.restarting.add(node);
        }
        w.lost();
        scheduler.removeNode(node);
        auto.nodeLost(node);
        int lost = locations.removeNode(node);
        List<TaskRecord> running = new ArrayList<>();
        for (TaskRecord rec : jobs.values()) {
            if (rec.node == node) {
                running.add(rec);
            }
        }
        List<TaskRecord> streamTasks = new ArrayList<>();
        List<TaskRecord> rerun = new ArrayList<>();
        for (TaskRecord rec : running) {
            jobs.remove(rec.jobId);
            scheduler.release(rec.id());
            auto.ended(rec.id(), false, 0, 0);
            (rec.analysed.usesStreams() ? streamTasks : rerun).add(rec);
        }
        LOG.warn("worker {} lost ({} data versions had no other copy); resubmitting {} of its {} running tasks",
                w.name(), lost, rerun.size(), running.size());
        TaskRecord killer = null;
        for (TaskRecord rec : rerun) {
            if (rec.lostWorkers == null) {
                rec.lostWorkers = new ArrayList<>(TaskRecord.MAX_WORKER_LOSSES);
            }
            rec.lostWorkers.add(w.name());
            if (rec.lostWorkers.size() >= TaskRecord.MAX_WORKER_LOSSES && killer == null) {
                killer = rec;
            }
            rec.excludedNode = node;
            requeue(rec);
        }
        if (killer != null) {
            fail("task " + killer.submission.describe() + " was running on its worker each of the "
                    + killer.lostWorkers.size() + " times the worker died (" + String.join(", ", killer.lostWorkers)
                    + "): it is likely what ends them (System.exit, a crash, running out of memory), so the run"
                    + " stops (worker log: " + w.logFile() + ")", killer);
            return;
        }
        if (!streamTasks.isEmpty()) {
            fail(lostStreamTasks(w, streamTasks));
        } else if (workers.stream().noneMatch(WorkerHandle::alive) && this.restarting.isEmpty()) {
            fail("every worker is lost (the last was " + w.name() + ", log: " + w.logFile() + ")");
        }
    }

    /** The worker started again on a lost node has connected: the node takes tasks again. */
    public void workerBack(int node) {
        if (!restarting.remove(node)) {
            return;
        }
        scheduler.restoreNode(node);
        LOG.info("worker {} is back: the node takes tasks again", workers.get(node).name());
    }

    /**
     * The lost node gets no new worker ({@code why}: it could not be started, or kept dying): the
     * run goes on without it, and stops only when no node is left.
     */
    public void nodeExcluded(int node, String why) {
        restarting.remove(node);
        if (scheduler.isAlive(node)) { // its worker never came up: the core has not seen it lost
            workers.get(node).lost();
            scheduler.removeNode(node);
            auto.nodeLost(node);
        }
        LOG.warn("node {} excluded: {}", workers.get(node).name(), why);
        if (workers.stream().noneMatch(WorkerHandle::alive) && restarting.isEmpty()) {
            fail("every node is lost or excluded (the last: " + workers.get(node).name() + ", " + why + ")");
        }
    }

    /**
     * A task that takes streams is not run again when its worker is lost: its readers already have
     * what it published and what it took is gone from the stream, so a second run would publish
     * everything again or miss records (and its readers elsewhere would wait for it meanwhile).
     */
    private static String lostStreamTasks(WorkerHandle w, List<TaskRecord> lost) {
        String names = lost.stream().sorted(Comparator.comparingLong(TaskRecord::id))
                .map(rec -> rec.submission.describe()).collect(Collectors.joining(", "));
        return "worker " + w.name() + " was lost while it ran "
                + (lost.size() == 1 ? "a task that takes" : lost.size() + " tasks that take") + " streams: " + names
                + "; such a task is not run again (it would publish its records"
                + " again, or miss the ones it took), so the run stops (worker log: " + w.logFile() + ")";
    }

    /**
     * The task cannot be sent: {@code lost} inputs have no copy left. Recomputes all of them at
     * once (each by its own producer's re-run) and makes the task ready again when the last is
     * back. Should one be lost again meanwhile, the next dispatch finds it and starts over.
     */
    private void awaitRecomputed(TaskRecord rec, List<String> lost) {
        int[] left = {lost.size()};
        Runnable oneBack = () -> {
            if (--left[0] == 0 && fatal == null) {
                makeReady(rec);
            }
        };
        for (String name : lost) {
            recompute(name, oneBack);
        }
    }

    /**
     * Makes {@code dataName} available again by re-running the task that produced it (its worker
     * is gone), then runs {@code then} on the core thread. The re-run's own lost inputs are
     * recomputed first, when it is dispatched, and so on back along the lineage.
     */
    public void recompute(String dataName, Runnable then) {
        TaskRecord again;
        try {
            again = lineage.lost(dataName, then);
        } catch (IllegalStateException e) {
            fail(e.getMessage());
            return;
        }
        if (again != null) {
            LOG.warn("{} was lost with its worker: running {} again", dataName, again.submission.describe());
            tasks.put(again.id(), again);
            makeReady(again);
        }
    }

    // ---- dropping data -------------------------------------------------------------------------

    /**
     * The main program is done with the datum: later uses of its key start a new datum, and the
     * version task {@code taskId} reads of it is deleted everywhere once no pending task reads it
     * ({@link DataDrops}). For {@code IN_DELETE} parameters, {@code deregisterObject} and {@code deleteFile}.
     */
    public void dropAfterUse(io.braid.engine.analysis.DataKey key, long taskId) {
        drops.dropAfterUse(key, taskId);
    }

    /** Forgets the datum now and deletes its current version once its pending readers have ended ({@link DataDrops}). */
    public void dropDatum(io.braid.engine.analysis.DataKey key) {
        drops.dropDatum(key);
    }

    // ---- waiting --------------------------------------------------------------------------------

    /** Runs {@code r} on the core thread once task {@code taskId} has ended (at once if it has). */
    public void whenTaskEnds(long taskId, Runnable r) {
        if (taskId == 0 || !tasks.containsKey(taskId)) {
            r.run();
        } else {
            onTaskEnd.computeIfAbsent(taskId, k -> new ArrayList<>()).add(r);
        }
    }

    /** Runs {@code r} on the core thread once every task of {@code taskIds} has ended (at once if they have). */
    public void whenTasksEnd(List<Long> taskIds, Runnable r) {
        int[] left = {taskIds.size() + 1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                r.run();
            }
        };
        for (long id : taskIds) {
            whenTaskEnds(id, one);
        }
        one.run();
    }

    /** Runs {@code r} on the core thread once no task is pending (at once if none is). */
    public void whenIdle(Runnable r) {
        onIdle.add(r);
        checkIdle();
    }

    private void runContinuations(long taskId) {
        List<Runnable> rs = onTaskEnd.remove(taskId);
        if (rs != null) {
            rs.forEach(Runnable::run);
        }
    }

    private void checkIdle() {
        if (tasks.isEmpty() && !onIdle.isEmpty()) {
            List<Runnable> rs = new ArrayList<>(onIdle);
            onIdle.clear();
            rs.forEach(Runnable::run);
        }
    }

    // ---- progress guard ---------------------------------------------------------------------------

    /**
     * Why the run can make no more progress, or null when it can. Called at the end of a dispatch
     * pass: if tasks are pending (re-runs the main program waits for included) while no job is
     * out on a worker and the pass started none, no event but a new submission can change that,
     * and the pending tasks cannot be waited for. Names the first task no live node can host (its
     * nodes were lost), or else the oldest pending task.
     */
    private String stallReason() {
        if (!restarting.isEmpty()) {
            return null; // a node coming back may host what is pending
        }
        if (tasks.isEmpty() || !jobs.isEmpty() || scheduler.runningCount() > 0 || scheduler.backlogCount() > 0) {
            return null;
        }
        List<TaskRecord> pending = tasks.values().stream().sorted(Comparator.comparingLong(TaskRecord::id)).toList();
        for (TaskRecord rec : pending) {
            var request = rec.submission.definition().request();
            if (rec.submission.definition().implementationList().stream()
                    .noneMatch(impl -> scheduler.canEverRun(impl.request()))) {
                String lostNodes = workers.stream().filter(w -> !w.alive()).map(WorkerHandle::name)
                        .collect(Collectors.joining(", "));
                return "no worker can run " + rec.submission.describe()
                        + (rec.regeneration ? " (to recompute data lost with its worker)" : "")
                        + ": every node that could host it (" + request.describe() + ") is lost"
                        + (lostNodes.isEmpty() ? "" : " (lost: " + lostNodes + ")");
            }
        }
        TaskRecord first = pending.get(0);
        int before = first.analysed.unfinishedPredecessors();
        String state = first.regeneration ? ", a re-run to recompute data lost with its worker"
                : before > 0 ? ", waiting for " + before + " unfinished task(s)" : "";
        return "the run can make no more progress: " + pending.size() + (pending.size() == 1 ? " task is" : " tasks are")
                + " pending but none is running or can start (the oldest: " + first.submission.describe() + state + ")";
    }

    // ---- failure ----------------------------------------------------------------------------------

    public void fail(String message) {
        fail(message, null);
    }

    /** Stops the run; {@code culprit} is the task that failed for good, if one did. */
    private void fail(String message, TaskRecord culprit) {
        if (fatal != null) {
            return;
        }
        fatal = message;
        streams.runStopped(culprit, tasks.values());
        onTaskEnd.clear();
        onIdle.clear();
        onFatal.accept(message);
    }

    StreamTasks streamTasks() {
        return streams;
    }

    public TaskStats stats() {
        return stats;
    }

    /** What became of each auto storage-bandwidth constraint (for the summary). */
    public List<io.braid.engine.monitor.AutoConstraintReport> autoConstraints() {
        return auto.reports();
    }

    public TaskAnalyser analyser() {
        return analyser;
    }

    public DataLocations locations() {
        return locations;
    }

    public VersionStore masterStore() {
        return masterStore;
    }

    public List<WorkerHandle> workers() {
        return workers;
    }

    static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return (nl < 0 ? text : text.substring(0, nl)).trim();
    }
}
