package io.braid.engine.dispatch;

import io.braid.comm.message.NodeLost;
import io.braid.comm.message.Shutdown;
import io.braid.engine.resources.NodeDescription;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The workers of the run, by node index (the scheduler's). */
public final class WorkerPool {
    private final List<WorkerHandle> workers;
    private volatile boolean shuttingDown;

    public WorkerPool(List<NodeDescription> nodes) {
        List<WorkerHandle> list = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            list.add(new WorkerHandle(i, nodes.get(i)));
        }
        this.workers = Collections.unmodifiableList(list);
    }

    public List<WorkerHandle> all() {
        return workers;
    }

    public WorkerHandle byName(String name) {
        for (WorkerHandle w : workers) {
            if (w.name().equals(name)) {
                return w;
            }
        }
        return null;
    }

    public boolean shuttingDown() {
        return shuttingDown;
    }

    /**
     * Tells the workers still alive that {@code lost} is gone, so that their fetches from it fail
     * at once (a vanished host never closes its connections).
     */
    public void announceLost(WorkerHandle lost) {
        if (lost.dataHost() == null) {
            return;
        }
        NodeLost msg = new NodeLost(lost.name(), lost.dataHost(), lost.dataPort());
        for (WorkerHandle w : workers) {
            if (w != lost && w.alive()) {
                w.send(msg);
            }
        }
    }

    /** Tells every worker to stop; connection losses from now on are expected. */
    public void shutdown() {
        shuttingDown = true;
        for (WorkerHandle w : workers) {
            if (w.alive()) {
                w.send(new Shutdown());
            }
        }
    }
}
