package io.braid.engine.dispatch;

import io.braid.comm.message.Message;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.message.TaskNotParked;
import io.braid.comm.message.WorkerHello;
import io.braid.comm.transport.Heartbeats;
import io.braid.comm.transport.MessageHandler;
import io.netty.channel.ChannelHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The master's side of one worker connection (Netty thread): identifies the worker by its hello,
 * then hands results and the connection's loss to the {@link WorkerEvents} (the core).
 *
 * <p>The TaskDones of one read go to the core together ({@link WorkerEvents#tasksDone}), when the
 * read ends or before any other message of it, so order holds: one core event, and one
 * scheduling pass and flush of the jobs they free, per read instead of per result (with one unit
 * per worker, a pass per result sent each worker its jobs a few at a time: docs/performance/clusters.md).
 */
public final class WorkerLinkHandler extends MessageHandler {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLinkHandler.class);

    private final WorkerPool pool;
    private final WorkerEvents events;
    private WorkerHandle worker;
    /** Results of the current read, not yet handed over; touched on the event loop only. */
    private List<TaskDone> done = new ArrayList<>();

    public WorkerLinkHandler(WorkerPool pool, WorkerEvents events) {
        this.pool = pool;
        this.events = events;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
        if (msg instanceof TaskDone d && worker != null) {
            done.add(d);
            return;
        }
        handOverDone();
        if (msg instanceof TaskFailed f && worker != null) {
            events.taskFailed(worker.index(), f);
        } else if (msg instanceof TaskNotParked n && worker != null) {
            events.taskNotParked(worker.index(), n);
        } else if (msg instanceof WorkerHello hello) {
            worker = pool.byName(hello.node());
            if (worker == null) {
                LOG.warn("connection from unknown worker {}: closed", hello.node());
                ctx.close();
                return;
            }
            worker.connected(ctx.channel(), hello.dataHost(), hello.dataPort(), hello.logFile());
            Heartbeats.install(ctx.pipeline(), ctx.name(), "worker " + hello.node());
            LOG.info("worker {} connected (pid {}, data {}:{})", hello.node(), hello.pid(), hello.dataHost(), hello.dataPort());
            events.workerConnected(worker.index());
        } else {
            LOG.warn("unexpected message {} from {}", msg.getClass().getSimpleName(), ctx.channel().remoteAddress());
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        handOverDone();
        super.channelReadComplete(ctx);
    }

    private void handOverDone() {
        if (!done.isEmpty()) {
            List<TaskDone> read = done;
            done = new ArrayList<>(Math.max(16, read.size()));
            events.tasksDone(worker.index(), read);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        handOverDone(); // results read before the loss still count
        if (worker != null && !pool.shuttingDown()) {
            LOG.warn("connection to worker {} lost", worker.name());
            events.workerLost(worker.index());
        }
        super.channelInactive(ctx);
    }

    /** What the core does with worker events (it moves them onto its own thread). */
    public interface WorkerEvents {
        /** The worker said hello: its data server's address is known (Netty thread; must not block). */
        void workerConnected(int node);

        /** The results of one read from the worker's connection, in order (Netty thread). */
        void tasksDone(int node, List<TaskDone> done);

        void taskFailed(int node, TaskFailed msg);

        /** A job parked behind another was not held by the worker (that job had ended). */
        void taskNotParked(int node, TaskNotParked msg);

        void workerLost(int node);
    }
}
