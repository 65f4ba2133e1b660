package io.braid.engine.core;

import io.braid.api.OnFailure;
import io.braid.comm.message.CancelJob;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.SubmittedParam;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a failed task leads to, on the core thread: another attempt, or what its
 * {@code onFailure} says (the run stops, the failure is passed over, the task and what needs its
 * data are cancelled), or for a {@code BraidException} in task groups the end of its groups. Also
 * the main program's group cancellation, and why a version will never be computed.
 */
final class TaskFailures {
    private static final Logger LOG = LoggerFactory.getLogger(TaskFailures.class);

    private final RuntimeCore core;
    private final TaskAnalyser analyser;
    private final Scheduler scheduler;
    private final AutoConstraints auto;
    private final List<WorkerHandle> workers;
    private final VersionStore masterStore;
    private final DataLocations locations;
    private final TaskGroups groups;
    private final Map<Long, TaskRecord> tasks;
    private final Map<Long, TaskRecord> jobs;
    /** Tasks that will never run or whose failure was passed over, by id: why (for the main program's errors). */
    private final Map<Long, String> notRun = new HashMap<>();
    /** Where empty values of tasks whose failure is ignored are written (files); null: a temporary directory. */
    private Path emptyValuesDir;
    /** Lines for the user (stderr) that do not stop the run. */
    private Consumer<String> userWarnings = line -> { };

    TaskFailures(RuntimeCore core, TaskAnalyser analyser, Scheduler scheduler, AutoConstraints auto,
                 List<WorkerHandle> workers, VersionStore masterStore, DataLocations locations, TaskGroups groups,
                 Map<Long, TaskRecord> tasks, Map<Long, TaskRecord> jobs) {
        this.core = core;
        this.analyser = analyser;
        this.scheduler = scheduler;
        this.auto = auto;
        this.workers = workers;
        this.masterStore = masterStore;
        this.locations = locations;
        this.groups = groups;
        this.tasks = tasks;
        this.jobs = jobs;
    }

    void setUserWarnings(Consumer<String> warnings) {
        userWarnings = warnings;
    }

    void setEmptyValuesDir(Path dir) {
        emptyValuesDir = dir;
    }

    /** The job of {@code rec} failed on {@code node} (it is no longer out on the worker). */
    void failed(TaskRecord rec, int node, TaskFailed msg) {
        if (msg.inputUnavailable() && ++rec.inputLosses <= TaskRecord.MAX_INPUT_LOSSES) {
            // The holder of an input vanished mid-fetch; its loss is being handled. Not the task's fault.
            LOG.info("task {} could not fetch an input on {}; sending it again: {}", rec.submission.describe(),
                    workers.get(node).name(), msg.error());
            core.requeue(rec);
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
            core.fail("task " + rec.submission.describe() + " failed on " + rec.lastFailedNode + ": "
                    + firstLine(msg.error()) + System.lineSeparator()
                    + "  it had published or taken stream elements, so it is not run again"
                    + " (its readers have what it published, what it took is gone)" + System.lineSeparator()
                    + "  worker log: " + workers.get(node).logFile(), rec);
            return;
        }
        OnFailure policy = rec.submission.definition().onFailure();
        if (policy == OnFailure.RETRY && rec.failures < TaskRecord.MAX_ATTEMPTS && !msg.permanent()) {
            LOG.warn("task {} failed on {}; resubmitting it to another resource: {}", rec.submission.describe(),
                    rec.lastFailedNode, firstLine(msg.error()));
            // A stream writer may go back to its node: other nodes may be full of its consumers.
            rec.excludedNode = rec.analysed.writesStreams() ? -1 : node;
            core.requeue(rec);
            return;
        }
        if (rec.regeneration) {
            policy = OnFailure.FAIL; // a re-run that cannot recompute lost data: its readers cannot go on
        }
        switch (policy) {
            case IGNORE -> ignore(rec, msg);
            case CANCEL_SUCCESSORS -> {
                String why = "task " + rec.submission.describe() + " failed on " + rec.lastFailedNode
                        + " (onFailure = CANCEL_SUCCESSORS): " + firstLine(msg.error());
                List<Long> cancelled = cancelWithSuccessors(rec, why);
                warn(why + "; the run goes on without it and the " + (cancelled.size() - 1)
                        + " task(s) that need what it writes");
                core.checkIdle();
            }
            default -> {
                LOG.error("task {} failed for good on {}:\n{}", rec.submission.describe(), rec.lastFailedNode, msg.error());
                core.fail("task " + rec.submission.describe() + " failed on " + rec.lastFailedNode
                        + (policy == OnFailure.FAIL ? " (onFailure = FAIL)" : msg.permanent() ? " (not retried: it"
                        + " cannot succeed)" : " after " + rec.failures + " attempts")
                        + ": " + firstLine(msg.error()) + System.lineSeparator() + "  worker log: "
                        + workers.get(node).logFile(), rec);
            }
        }
    }

    private void warn(String line) {
        LOG.warn(line);
        userWarnings.accept(line);
    }

    /**
     * {@code onFailure = IGNORE}: the task counts as ended, and each version it writes gets an
     * empty value on the master (null for an object or a result, an empty file for a file).
     */
    private void ignore(TaskRecord rec, TaskFailed msg) {
        warn("task " + rec.submission.describe() + " failed on " + rec.lastFailedNode
                + " (onFailure = IGNORE): the run goes on, what it writes is empty: " + firstLine(msg.error()));
        notRun.put(rec.id(), "task " + rec.submission.describe() + " failed (onFailure = IGNORE): "
                + firstLine(msg.error()));
        core.writerDropped(rec);
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
                    Path empty = EmptyValues.file(emptyValuesDir, out.name());
                    masterStore.putFile(out.name(), empty);
                    locations.add(out.name(), DataLocations.MASTER, 0);
                } else {
                    byte[] none = EmptyValues.nullObject(rec.submission.definition());
                    masterStore.putObject(out.name(), none);
                    locations.add(out.name(), DataLocations.MASTER, none.length);
                }
            } catch (IOException e) {
                core.fail("cannot write the empty value of " + out.name() + " for ignored task "
                        + rec.submission.describe() + ": " + e.getMessage(), rec);
                return;
            }
        }
        core.finished(rec);
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
        core.checkIdle();
    }

    /** See {@link RuntimeCore#cancelGroup}. */
    void cancelGroup(String name) {
        int n = cancelGroupTasks(name, "group " + name + " was cancelled by the main program");
        LOG.info("group {} cancelled by the main program: {} unfinished task(s) cancelled", name, n);
        core.checkIdle();
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
                long jobId = r.jobId;
                WorkerHandle w = workers.get(r.node);
                if (!core.chain().cancel(r)) { // a parked task holds nothing
                    jobs.remove(r.jobId);
                    scheduler.release(r.id());
                    auto.ended(r.id(), false, 0, 0);
                    core.chain().producerEnded(r); // its worker drops what is parked behind it
                }
                if (w.alive()) {
                    w.write(new CancelJob(jobId, why));
                    w.flush();
                }
            }
            n += cancelWithSuccessors(r, "cancelled: " + why).size();
        }
        return n;
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
            core.dropped(id, r);
        }
        return ids;
    }

    /** See {@link RuntimeCore#whyNotComputed}. */
    String whyNotComputed(DataVersion version) {
        long writer = analyser.writerOf(version);
        if (writer <= 0 || !analyser.isFailed(writer)) {
            return null;
        }
        String why = notRun.get(writer);
        return version.name() + " was not computed: " + (why != null ? why : "its task " + writer + " did not run");
    }

    static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return (nl < 0 ? text : text.substring(0, nl)).trim();
    }
}
