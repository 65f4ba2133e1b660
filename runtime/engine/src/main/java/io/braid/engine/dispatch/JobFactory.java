package io.braid.engine.dispatch;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.data.DataLocations;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskImplementation;
import io.braid.engine.task.TaskSubmission;

import java.util.ArrayList;
import java.util.List;

/** Builds the {@link RunTask} message of a task for the node it was assigned to. */
public final class JobFactory {
    private static final int[] NO_NODES = new int[0];
    private final List<WorkerHandle> workers;
    private final DataLocations locations;
    private final VersionStore masterStore;
    private final SharedDisks sharedDisks;
    private final String masterDataHost;
    private final int masterDataPort;
    /** File versions written by workers: where, on the writer's node. */
    private final java.util.Map<String, WorkerFile> workerFiles = new java.util.HashMap<>();

    public JobFactory(List<WorkerHandle> workers, DataLocations locations, VersionStore masterStore,
                      SharedDisks sharedDisks, String masterDataHost, int masterDataPort) {
        this.workers = workers;
        this.locations = locations;
        this.masterStore = masterStore;
        this.sharedDisks = sharedDisks;
        this.masterDataHost = masterDataHost;
        this.masterDataPort = masterDataPort;
    }

    /** @throws DataLostException when an input version has no copy left anywhere */
    public RunTask build(long jobId, TaskSubmission s, AnalysedTask a, int node) {
        return build(jobId, s, a, node, 0);
    }

    /**
     * The job of a task run with its implementation {@code implementation} (an index into the
     * definition's implementation list, as the scheduler chose it).
     *
     * @throws DataLostException when an input version has no copy left anywhere
     */
    public RunTask build(long jobId, TaskSubmission s, AnalysedTask a, int node, int implementation) {
        return build(jobId, s, a, node, implementation, null);
    }

    /**
     * The job of a task parked behind job {@code afterJob} on {@code node} (chaining ahead): its
     * inputs named in {@code writtenThere} are not written yet; that job will write them on the node
     * itself, so the node is their only source.
     *
     * @throws DataLostException when another input version has no copy left anywhere
     */
    public RunTask buildAfter(long jobId, TaskSubmission s, AnalysedTask a, int node, long afterJob,
                              java.util.Set<String> writtenThere) {
        return build(jobId, s, a, node, 0, writtenThere).after(afterJob);
    }

    private RunTask build(long jobId, TaskSubmission s, AnalysedTask a, int node, int implementation,
                          java.util.Set<String> writtenThere) {
        TaskDefinition def = s.definition();
        // Most types have only their Java method: no implementation object per job for them.
        TaskImplementation impl = def.implementations().isEmpty() ? null : def.implementation(implementation);
        int units = impl == null ? def.request().computingUnits() : impl.request().computingUnits();
        List<SubmittedParam> sp = s.params();
        List<JobParam> params = new ArrayList<>(sp.size());
        for (int i = 0; i < sp.size(); i++) {
            SubmittedParam p = sp.get(i);
            if (p.kind() == JobParam.Kind.VALUE) {
                params.add(new JobParam(JobParam.Kind.VALUE, p.javaType(), p.value(), null, null, List.of(), null));
                continue;
            }
            if (p.kind() == JobParam.Kind.COLLECTION) {
                params.add(JobParam.collectionHeader(Integer.parseInt(p.value())));
                continue;
            }
            if (p.kind() == JobParam.Kind.STREAM) {
                params.add(new JobParam(JobParam.Kind.STREAM, p.javaType(), p.value(), null, p.stream().writerId(),
                        List.of(), null));
                continue;
            }
            DataVersion in = a.readVersion(i);
            DataVersion out = a.writeVersion(i);
            String inName = in == null ? null : in.name();
            List<DataLocation> sources = inName == null ? List.of()
                    : writtenThere != null && writtenThere.contains(inName) ? List.of(here(node)) : sources(inName, node);
            String fileName = p.file() == null ? null : p.file().getFileName().toString();
            params.add(new JobParam(p.kind(), p.javaType(), null, inName, out == null ? null : out.name(), sources, fileName,
                    p.keepRename()));
        }
        String returnData = null;
        if (s.returnKey() != null) {
            returnData = a.writeVersion(sp.size()).name();
        }
        return new RunTask(jobId, s.taskId(), def.className(), def.methodName(), def.paramTypes(), def.hasTarget(),
                params, returnData, def.io(), units, def.timeOutMs(), impl == null ? null : impl.process(),
                impl == null ? null : impl.foreign(), impl == null ? null : impl.cFunction());
    }

    private DataLocation here(int node) {
        WorkerHandle w = workers.get(node);
        return new DataLocation(w.name(), w.dataHost(), w.dataPort(), null);
    }

    private List<DataLocation> sources(String dataName, int node) {
        int[] holders = locations.holders(dataName);
        if (holders.length == 0) {
            throw new DataLostException(dataName);
        }
        List<DataLocation> out = new ArrayList<>(holders.length);
        for (int h : holders) {
            if (h == DataLocations.MASTER) {
                String shared = null;
                var file = masterStore.file(dataName);
                if (file.isPresent()) {
                    shared = sharedDisks.pathOn(workers.get(node).node().sharedDisks(), file.get());
                }
                out.add(new DataLocation("master", masterDataHost, masterDataPort, shared));
            } else {
                WorkerHandle w = workers.get(h);
                if (w.alive()) {
                    out.add(h == node ? 0 : out.size(), new DataLocation(w.name(), w.dataHost(), w.dataPort(),
                            h == node ? null : sharedPathOf(dataName, h, node)));
                }
            }
        }
        if (out.isEmpty()) {
            throw new DataLostException(dataName);
        }
        return out;
    }

    /**
     * A file version that {@code node}'s worker wrote at {@code path} (on that node): a node
     * sharing the disk it is on will read it there instead of fetching a copy.
     */
    public void fileWritten(String dataName, int node, String path) {
        workerFiles.put(dataName, new WorkerFile(node, path));
    }

    private String sharedPathOf(String dataName, int holder, int reader) {
        WorkerFile f = workerFiles.get(dataName);
        if (f == null || f.node() != holder) {
            return null;
        }
        return SharedDisks.between(workers.get(holder).node().sharedDisks(), workers.get(reader).node().sharedDisks(),
                java.nio.file.Path.of(f.path()));
    }

    private record WorkerFile(int node, String path) {
    }

    /**
     * The task's input versions that have no copy left on the master or a live worker, in
     * parameter order (empty when it can be sent as it is).
     */
    public List<String> lostInputs(AnalysedTask a) {
        List<String> lost = new ArrayList<>(0);
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion in = a.readVersion(i);
            if (in != null && !available(in.name()) && !lost.contains(in.name())) {
                lost.add(in.name());
            }
        }
        return lost;
    }

    private boolean available(String dataName) {
        for (int h : locations.holders(dataName)) {
            if (h == DataLocations.MASTER || workers.get(h).alive()) {
                return true;
            }
        }
        return false;
    }

    /** Nodes holding the task's inputs, most bytes first: the scheduler's locality hint. */
    public int[] preferredNodes(AnalysedTask a) {
        long[] bytes = null; // only tasks with inputs on workers pay for this
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion in = a.readVersion(i);
            if (in == null) {
                continue;
            }
            String name = in.name();
            for (int h : locations.holders(name)) {
                if (h >= 0) {
                    if (bytes == null) {
                        bytes = new long[workers.size()];
                    }
                    bytes[h] += Math.max(1, locations.size(name));
                }
            }
        }
        if (bytes == null) {
            return NO_NODES;
        }
        return byWeight(bytes);
    }

    /**
     * The nodes of non-zero weight, heaviest first (ties: lower index first). A plain insertion
     * sort: a task's inputs are on a few nodes, and a stream pipeline here was the first use of
     * half of java.util.stream on a fresh run's second task (docs/performance/tasks.md).
     */
    static int[] byWeight(long[] weight) {
        int count = 0;
        for (long w : weight) {
            if (w > 0) {
                count++;
            }
        }
        int[] nodes = new int[count];
        int filled = 0;
        for (int n = 0; n < weight.length; n++) {
            if (weight[n] > 0) {
                int at = filled++;
                while (at > 0 && weight[nodes[at - 1]] < weight[n]) {
                    nodes[at] = nodes[at - 1];
                    at--;
                }
                nodes[at] = n;
            }
        }
        return nodes;
    }

}
