package io.braid.engine.core;

import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.SharedDisks;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.resources.NodeDescription;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.StreamParam;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskSubmission;
import io.netty.channel.embedded.EmbeddedChannel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link RuntimeCore} over a real analyser and scheduler, with workers that are embedded
 * channels: jobs written to a worker are read back here; results are fed in by hand.
 */
final class CoreHarness {
    final List<String> fatal = new ArrayList<>();
    /** Messages to workers other than jobs, as "node:message", in the order {@link #dispatch()} read them. */
    final List<String> others = new ArrayList<>();
    final Scheduler scheduler;
    final RuntimeCore core;
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private final Map<Long, Long> jobOfTask = new HashMap<>();
    private final Map<Long, Integer> nodeOfTask = new HashMap<>();
    private final DataLocations locations = new DataLocations();

    CoreHarness(int... coresPerNode) {
        this(describe(coresPerNode, 0, 1));
    }

    /** {@code count} nodes with {@code cus} cores, {@code bandwidth} MB/s of storage and {@code io} I/O executors. */
    static CoreHarness io(int count, int cus, double bandwidth, int io) {
        int[] cores = new int[count];
        java.util.Arrays.fill(cores, cus);
        return new CoreHarness(describe(cores, bandwidth, io));
    }

    private static List<NodeDescription> describe(int[] coresPerNode, double bandwidth, int io) {
        List<NodeDescription> nodes = new ArrayList<>();
        for (int i = 0; i < coresPerNode.length; i++) {
            nodes.add(new NodeDescription("n" + i, coresPerNode[i], 0, null, 0, bandwidth, io, null, null,
                    NodeDescription.NO_LIMIT, Map.of()));
        }
        return nodes;
    }

    private CoreHarness(List<NodeDescription> nodes) {
        List<WorkerHandle> workers = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            NodeDescription n = nodes.get(i);
            WorkerHandle w = new WorkerHandle(i, n);
            EmbeddedChannel ch = new EmbeddedChannel();
            w.connected(ch, "127.0.0.1", 1, "n" + i + ".log");
            workers.add(w);
            channels.add(ch);
        }
        scheduler = new Scheduler(nodes.stream().map(NodeDescription::toResources).toList());
        VersionStore store = new VersionStore();
        JobFactory jobs = new JobFactory(workers, locations, store, new SharedDisks(Map.of()), "127.0.0.1", 2);
        core = new RuntimeCore(new TaskAnalyser(), scheduler, locations, store, workers, jobs, null, null, fatal::add);
    }

    static TaskDefinition def(int cus) {
        return new TaskDefinition(cus, "demo.Tasks.t" + cus, "demo.Tasks", "t", List.of(), false, null,
                ResourceRequest.cores(cus), false, false);
    }

    static SubmittedParam writes(String stream) {
        return SubmittedParam.stream("io.braid.streams.ObjectDistroStream", "aA==",
                new StreamParam(stream, true, "w-" + stream), "<" + stream + ">");
    }

    static SubmittedParam reads(String stream) {
        return SubmittedParam.stream("io.braid.streams.ObjectDistroStream", "aA==",
                new StreamParam(stream, false, null), "<" + stream + ">");
    }

    /** An object parameter: {@code mode} W creates a version, R reads the last one. */
    static SubmittedParam object(long key, AccessMode mode) {
        return new SubmittedParam(io.braid.comm.message.JobParam.Kind.OBJECT, "java.lang.Object", null,
                new ObjectKey(key), mode, false, null, null, "o" + key, null);
    }

    void submit(long id, int cus, SubmittedParam... params) {
        core.submit(new TaskSubmission(id, def(cus), List.of(params), null));
    }

    /** An I/O task type with constraint {@code storageBW} ("", "40", "auto", "auto(4,64,2)"). */
    static TaskDefinition ioDef(int typeId, String storageBW) {
        return new TaskDefinition(typeId, "demo.Tasks.io" + typeId, "demo.Tasks", "io" + typeId, List.of(), false, null,
                ResourceRequest.parse("", "", "", storageBW, "", true), false, true,
                io.braid.engine.scheduling.learning.AutoBandwidth.parse(storageBW));
    }

    void submit(long id, TaskDefinition def, SubmittedParam... params) {
        core.submit(new TaskSubmission(id, def, List.of(params), null));
    }

    /** A task called inside the task groups {@code groups} (outermost first). */
    void submitInGroups(long id, List<String> groups, SubmittedParam... params) {
        core.submit(new TaskSubmission(id, def(1), List.of(params), null, groups));
    }

    /** The task's job threw a BraidException with {@code message}. */
    void threw(long taskId, String message) {
        jobsSent.remove(jobOfTask.get(taskId));
        core.taskFailed(nodeOf(taskId), new TaskFailed(jobOfTask.get(taskId),
                "io.braid.api.BraidException: " + message, false, message));
    }

    /** The task's job failed (threw, or was cancelled on the worker). */
    void failed(long taskId, String error) {
        jobsSent.remove(jobOfTask.get(taskId));
        core.taskFailed(nodeOf(taskId), new TaskFailed(jobOfTask.get(taskId), error));
    }

    /** The job sent for the task, if one is outstanding. */
    RunTask jobOf(long taskId) {
        return jobsSent.get(jobOfTask.get(taskId));
    }

    /** One dispatch pass; the tasks sent, in the order they were written, as "task@node". */
    List<String> dispatch() {
        core.dispatch();
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < channels.size(); i++) {
            Object out;
            while ((out = channels.get(i).readOutbound()) != null) {
                if (!(out instanceof RunTask job)) {
                    others.add(i + ":" + out); // DeleteData, CancelJob, ...
                    continue;
                }
                jobOfTask.put(job.taskId(), job.jobId());
                nodeOfTask.put(job.taskId(), i);
                jobsSent.put(job.jobId(), job);
                nodeOfJob.put(job.jobId(), i);
                sent.add(job.taskId() + "@" + i);
            }
        }
        sent.sort(null);
        return sent;
    }

    /**
     * Jobs written to workers and not yet answered, by job id (kept in order of sending).
     * {@link #dispatch()} and {@link #runToEnd} fill it.
     */
    private final Map<Long, RunTask> jobsSent = new java.util.LinkedHashMap<>();
    private final Map<Long, Integer> nodeOfJob = new HashMap<>();

    /** The worker of {@code node} is gone (its connection dropped). */
    void lose(int node) {
        core.workerLost(node);
        jobsSent.values().removeIf(j -> nodeOfJob.get(j.jobId()) == node);
    }

    /** The node's worker is lost and a new one is being started there. */
    void loseRestarting(int node) {
        core.workerLost(node, true);
        jobsSent.values().removeIf(j -> nodeOfJob.get(j.jobId()) == node);
    }

    /** The new worker of a node lost with {@link #loseRestarting} has connected. */
    void comeBack(int node) {
        core.workers().get(node).connected(channels.get(node), "127.0.0.1", 1, "n" + node + ".log");
        core.workerBack(node);
    }

    /** Jobs sent and not answered yet. */
    List<RunTask> outstanding() {
        return new ArrayList<>(jobsSent.values());
    }

    /** Answers a sent job: it ended well, writing its output versions where it ran. */
    void complete(RunTask job) {
        jobsSent.remove(job.jobId());
        List<String> outs = outputsOf(job);
        List<Long> sizes = outs.stream().map(o -> 8L).toList();
        // A second of run time: long enough that the scheduler sends nothing ahead (no prefetch).
        core.taskDone(nodeOfJob.get(job.jobId()), new TaskDone(job.jobId(), outs, sizes, 0, 1_000_000_000L, "e0"));
    }

    /**
     * Answers a sent job: it ended well and its worker started the job {@code next} parked behind
     * it on its units (0: none; chaining ahead).
     */
    void completeHanding(RunTask job, long next) {
        jobsSent.remove(job.jobId());
        List<String> outs = outputsOf(job);
        core.taskDone(nodeOfJob.get(job.jobId()), new TaskDone(job.jobId(), outs, outs.stream().map(o -> 8L).toList(), 0,
                1_000_000_000L, "e0", null, next));
    }

    /** The worker dropped the job without a word (it was parked behind a job that failed or never handed it its units). */
    void dropped(RunTask job) {
        jobsSent.remove(job.jobId());
    }

    /** The worker did not hold the parked job (its predecessor had ended when it came). */
    void notParked(RunTask job) {
        jobsSent.remove(job.jobId());
        core.taskNotParked(nodeOfJob.get(job.jobId()), new io.braid.comm.message.TaskNotParked(job.jobId()));
    }

    /** Answers a sent job: it could not fetch an input (its holder vanished). */
    void inputUnavailable(RunTask job) {
        jobsSent.remove(job.jobId());
        core.taskFailed(nodeOfJob.get(job.jobId()), new TaskFailed(job.jobId(),
                TaskFailed.INPUT_UNAVAILABLE + "cannot fetch from a lost node"));
    }

    static List<String> outputsOf(RunTask job) {
        List<String> outs = new ArrayList<>();
        for (var p : job.params()) {
            if (p.outData() != null) {
                outs.add(p.outData());
            }
        }
        if (job.returnData() != null) {
            outs.add(job.returnData());
        }
        return outs;
    }

    /**
     * Dispatches and completes jobs, oldest first, until nothing is sent any more; returns the
     * task ids run, in order ("id" or "id*" for a re-run that recomputed lost data).
     */
    List<String> runToEnd() {
        List<String> ran = new ArrayList<>();
        dispatch();
        while (!jobsSent.isEmpty()) {
            RunTask job = jobsSent.values().iterator().next();
            ran.add(String.valueOf(job.taskId()));
            complete(job);
            dispatch();
        }
        return ran;
    }

    int nodeOf(long taskId) {
        return nodeOfTask.get(taskId);
    }

    /** The task's job ended well; {@code outputs} are data names it wrote (stored on its node). */
    void done(long taskId, String... outputs) {
        List<Long> sizes = new ArrayList<>();
        for (String ignored : outputs) {
            sizes.add(8L);
        }
        jobsSent.remove(jobOfTask.get(taskId));
        core.taskDone(nodeOf(taskId), new TaskDone(jobOfTask.get(taskId), List.of(outputs), sizes, 0, 0, "e0"));
    }

    /** The task's job ended well after {@code runMillis}. */
    void doneAfter(long taskId, long runMillis) {
        jobsSent.remove(jobOfTask.get(taskId));
        core.taskDone(nodeOf(taskId), new TaskDone(jobOfTask.get(taskId), List.of(), List.of(), 1_000, runMillis * 1_000_000,
                "io-1"));
    }

    void failed(long taskId) {
        jobsSent.remove(jobOfTask.get(taskId));
        core.taskFailed(nodeOf(taskId), new TaskFailed(jobOfTask.get(taskId), "java.lang.RuntimeException: boom"));
    }

    /** The task's job threw after it had published or taken stream elements. */
    void failedAfterStreamsUsed(long taskId) {
        jobsSent.remove(jobOfTask.get(taskId));
        core.taskFailed(nodeOf(taskId), new TaskFailed(jobOfTask.get(taskId), "java.lang.RuntimeException: boom", true));
    }

    void addLocation(String dataName, int node) {
        locations.add(dataName, node, 1000);
    }
}
