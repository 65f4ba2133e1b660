package io.braid.engine.core;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

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
    private final StreamTasks streams;
    private final CommutativeGroups commutative = new CommutativeGroups();
    private final TaskGroups groups = new TaskGroups();
    private final AutoConstraints auto;
    private final MainVersions mainVersions;
    private final ProgressLine progress;
    private final Consumer<String> onFatal;
    private final TraceRecorder trace;

    private final Map<Long, TaskRecord> tasks = new HashMap<>();
    private final VersionReaders readers = new VersionReaders(tasks);
    private final DataDrops drops;
    private final Map<Long, TaskRecord> jobs = new HashMap<>();
    private final Continuations continuations = new Continuations(tasks);
    private final WorkerLosses losses;
    private final TaskFailures failures;
    private final StallGuard stallGuard;
    private final ChainAhead chain;
    private final boolean[] touched;
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
        this.mainVersions = new MainVersions(analyser, masterStore, locations);
        this.drops = new DataDrops(this, analyser, tasks, readers, masterStore, locations, workers);
        this.touched = new boolean[workers.size()];
        this.streams = new StreamTasks(analyser);
        this.auto = new AutoConstraints(scheduler, i -> workers.get(i).name(), trace,
                () -> System.currentTimeMillis() * 1000);
        this.losses = new WorkerLosses(this, workers, scheduler, auto, locations, jobs);
        this.stallGuard = new StallGuard(tasks, jobs, scheduler, workers, losses);
        this.chain = new ChainAhead(this, analyser, jobFactory, tasks, jobs, workers);
        this.failures = new TaskFailures(this, analyser, scheduler, auto, workers, masterStore, locations, groups,
                tasks, jobs);
    }

    /**
     * Keeps the main program's object versions of at least {@code minBytes} in files under
     * {@code dir} (deleted by {@link #closeSpill()}) instead of the heap; a failure to write them goes
     * to {@code warnings} once.
     */
    public void spillObjects(java.nio.file.Path dir, int minBytes, java.util.function.Consumer<String> warnings) {
        mainVersions.spillObjects(dir, minBytes, warnings);
    }

    /** Deletes the files of {@link #spillObjects}. */
    public void closeSpill() {
        mainVersions.closeSpill();
    }

    /**
     * Parks up to {@code maxDepth} tasks per dependency chain on the worker of the task they wait
     * for ({@link ChainAhead}; 0: none). Set before the first task.
     */
    public void setChainAhead(int maxDepth) {
        chain.setMaxDepth(maxDepth);
    }

    /** Who shows the user the lines that do not stop the run (a task failure passed over). */
    public void setUserWarnings(Consumer<String> warnings) {
        failures.setUserWarnings(warnings);
    }

    /** Where the empty output files of tasks whose failure is ignored ({@code onFailure = IGNORE}) go. */
    public void setEmptyValuesDir(java.nio.file.Path dir) {
        failures.setEmptyValuesDir(dir);
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
            accesses.add(p.kind() == JobParam.Kind.VALUE || p.kind() == JobParam.Kind.STREAM
                    || p.kind() == JobParam.Kind.COLLECTION ? ParamAccess.byValue()
                    : new ParamAccess(p.key(), p.mode(), p.mainWroteBefore()));
        }
        if (s.returnKey() != null) {
            accesses.add(new ParamAccess(s.returnKey(), io.braid.engine.analysis.AccessMode.W, false));
        }
        AnalysedTask a = analyser.register(new TaskRequest(s.taskId(), s.definition().typeId(), accesses,
                StreamTasks.accesses(s)));
        for (int i = 0; i < params.size(); i++) {
            mainVersions.register(params.get(i), a.readVersion(i));
        }
        TaskRecord rec = new TaskRecord(s, a);
        track(rec);
        commutative.registered(rec);
        groups.submitted(s.taskId(), s.groups());
        streams.submitted(rec);
        if (a.isReady()) {
            makeReady(rec);
        } else {
            chain.submitted(rec);
        }
    }

    /** The task is pending from now on (a submission, or a re-run recomputing lost data). */
    void track(TaskRecord rec) {
        tasks.put(rec.id(), rec);
        readers.add(rec);
    }

    void makeReady(TaskRecord rec) {
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
    void requeue(TaskRecord rec) {
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
                AnalysedTask before = rec.analysed;
                commutative.dispatched(rec);
                if (rec.analysed != before) {
                    readers.replaced(rec, before);
                }
                RunTask job;
                try {
                    job = jobFactory.build(nextJobId++, rec.submission, rec.analysed, as.nodeIndex(),
                            as.implementation());
                } catch (DataLostException e) {
                    scheduler.release(rec.id());
                    auto.ended(rec.id(), false, 0, 0);
                    List<String> lost = jobFactory.lostInputs(rec.analysed); // all of them, not just the first
                    losses.awaitRecomputed(rec, lost.isEmpty() ? List.of(e.dataName()) : lost);
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
                chain.assigned(rec);
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
        drops.flushDeletes(); // after the jobs: a dropped version has no pending reader among them
        if (fatal == null) {
            String stall = stallGuard.reason();
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
        TaskRecord next = chain.producerDone(rec, msg.handedTo());
        if (next != null) {
            scheduler.handOff(rec.id(), next.id()); // the worker started it on rec's units
        } else {
            scheduler.release(rec.id());
        }
        double storageBW = auto.ended(rec.id(), true, msg.runNanos(), msg.startMicros());
        if (trace != null) {
            trace.task(workers.get(node).name(), msg.executor(), rec.submission.definition().label()
                    + (rec.regeneration ? " (recomputed)" : ""), rec.id(), msg.startMicros(), msg.runNanos() / 1000,
                    storageBW);
        }
        if (rec.regeneration) {
            tasks.remove(rec.id());
            readers.remove(rec);
            LOG.info("recomputed {} on {}", msg.outputs(), workers.get(node).name());
            losses.recomputed(rec, msg.outputs());
            checkIdle();
            return;
        }
        losses.produced(rec, msg.outputs());
        drops.dropReplaced(rec, losses::canRecompute); // before finished(): it stops tracking rec
        stats.record(rec.submission.definition().label(), msg.runNanos());
        scheduler.setPrefetch(prefetch.record(msg.runNanos()));
        finished(rec);
    }

    /** The task counts as ended well: its successors may run. */
    void finished(TaskRecord rec) {
        tasks.remove(rec.id());
        readers.remove(rec);
        done++;
        commutative.ended(rec).forEach(this::makeReady);
        for (long next : analyser.taskFinished(rec.id())) {
            TaskRecord r = tasks.get(next);
            if (r != null && !assigned(r)) { // assigned: parked behind rec, it runs already
                makeReady(r);
            }
        }
        release(streams.ended(rec));
        groups.ended(rec.id(), rec.submission.groups());
        continuations.taskEnded(rec.id());
        checkIdle();
    }

    private boolean assigned(TaskRecord r) {
        return r.jobId != 0 && jobs.get(r.jobId) == r;
    }

    /**
     * The task will not run (cancelled, or it needs what a task failed for good would write):
     * what waited for it moves on. {@code rec} is null when the core no longer had it.
     */
    void dropped(long id, TaskRecord rec) {
        if (rec != null) {
            readers.remove(rec);
            streams.writerDropped(rec);
            release(streams.ended(rec));
            commutative.ended(rec).forEach(this::makeReady);
            groups.ended(id, rec.submission.groups());
        }
        continuations.taskEnded(id);
    }

    /** A task whose failure is passed over writes no more stream elements. */
    void writerDropped(TaskRecord rec) {
        streams.writerDropped(rec);
    }

    public void taskFailed(int node, TaskFailed msg) {
        TaskRecord rec = jobs.remove(msg.jobId());
        if (rec == null) {
            return;
        }
        scheduler.release(rec.id());
        chain.producerFailed(rec); // the worker dropped what was parked behind it
        auto.ended(rec.id(), false, 0, 0);
        failures.failed(rec, node, msg);
    }

    /** The worker did not hold a job parked behind another ({@link ChainAhead}): it waits the ordinary way. */
    public void taskNotParked(int node, io.braid.comm.message.TaskNotParked msg) {
        chain.notParked(msg.jobId());
    }

    /** The main program cancels the group ({@code Braid.cancelGroup}). */
    public void cancelGroup(String name) {
        failures.cancelGroup(name);
    }

    /** Passes {@code then} the message of the BraidException a task of the group threw (null: none) once it has no unfinished task. */
    public void barrierGroup(String name, Consumer<String> then) {
        groups.barrier(name, then);
    }

    /**
     * Why {@code version} will never have a value, or null when it has or will have one: its
     * writer was cancelled (for the main program's error).
     */
    public String whyNotComputed(DataVersion version) {
        return failures.whyNotComputed(version);
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
        chain.nodeLost(node); // parked tasks wait for their inputs again; running ones are resubmitted
        losses.workerLost(node, restarting);
    }

    /** The worker started again on a lost node has connected: the node takes tasks again. */
    public void workerBack(int node) {
        losses.workerBack(node);
    }

    /**
     * The lost node gets no new worker ({@code why}: it could not be started, or kept dying): the
     * run goes on without it, and stops only when no node is left.
     */
    public void nodeExcluded(int node, String why) {
        losses.nodeExcluded(node, why);
    }

    /**
     * Makes {@code dataName} available again by re-running the task that produced it (its worker
     * is gone), then runs {@code then} on the core thread. The re-run's own lost inputs are
     * recomputed first, when it is dispatched, and so on back along the lineage.
     */
    public void recompute(String dataName, Runnable then) {
        losses.recompute(dataName, then);
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

    /** {@link #dropDatum} of each key, the versions deleted at once going in one message per worker. */
    public void dropData(java.util.Collection<? extends io.braid.engine.analysis.DataKey> keys) {
        drops.dropData(keys);
    }

    // ---- waiting --------------------------------------------------------------------------------

    /** Runs {@code r} on the core thread once task {@code taskId} has ended (at once if it has). */
    public void whenTaskEnds(long taskId, Runnable r) {
        continuations.whenTaskEnds(taskId, r);
    }

    /** Runs {@code r} on the core thread once every task of {@code taskIds} has ended (at once if they have). */
    public void whenTasksEnd(List<Long> taskIds, Runnable r) {
        continuations.whenTasksEnd(taskIds, r);
    }

    /** Runs {@code r} on the core thread once no task is pending (at once if none is). */
    public void whenIdle(Runnable r) {
        continuations.whenIdle(r);
    }

    void checkIdle() {
        continuations.checkIdle();
    }

    // ---- failure ----------------------------------------------------------------------------------

    public void fail(String message) {
        fail(message, null);
    }

    /** Stops the run; {@code culprit} is the task that failed for good, if one did. */
    void fail(String message, TaskRecord culprit) {
        if (fatal != null) {
            return;
        }
        fatal = message;
        streams.runStopped(culprit, tasks.values());
        continuations.clear();
        onFatal.accept(message);
    }

    ChainAhead chain() {
        return chain;
    }

    long newJobId() {
        return nextJobId++;
    }

    /** A message went to the node's worker in this pass: flush it at the pass's end. */
    void touched(int node) {
        touched[node] = true;
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

    /** Versions the read index holds readers for (for tests: 0 once no task is pending). */
    int trackedReadVersions() {
        return readers.size();
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

    /** Whether the run has stopped. */
    boolean stopped() {
        return fatal != null;
    }
}
