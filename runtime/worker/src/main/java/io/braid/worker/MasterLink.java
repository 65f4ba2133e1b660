package io.braid.worker;

import io.braid.comm.message.DeleteData;
import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.NodeLost;
import io.braid.comm.message.Shutdown;
import io.braid.comm.transport.DataFetcher;
import io.braid.comm.transport.Heartbeats;
import io.braid.worker.data.WorkerDataStore;
import io.braid.worker.execution.ExecutionManager;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The worker's side of its connection to the master: jobs in, results out.
 *
 * <p>The jobs of one read from the connection are submitted together when the read ends
 * ({@code channelReadComplete}), or before any other message of that read, so that order holds:
 * the master sends a worker's jobs in batches, and submitting them one by one woke a one-unit
 * worker's executor for almost every job (docs/performance/clusters.md).
 */
final class MasterLink extends SimpleChannelInboundHandler<Message> {
    private static final Logger LOG = LoggerFactory.getLogger(MasterLink.class);

    private final Consumer<List<RunTask>> submit;
    private final BiConsumer<Long, String> cancel;
    private final WorkerDataStore store;
    private final DataFetcher fetcher;
    /** Jobs of the current read, not yet submitted; touched on the event loop only. */
    private List<RunTask> read = new ArrayList<>();

    MasterLink(Supplier<ExecutionManager> execution, WorkerDataStore store, DataFetcher fetcher) {
        this(jobs -> execution.get().submitAll(jobs), (id, why) -> execution.get().cancel(id, why), store, fetcher);
    }

    /** With the execution platform as {@code submit} (the jobs of one read, in order) and {@code cancel}. */
    MasterLink(Consumer<List<RunTask>> submit, BiConsumer<Long, String> cancel, WorkerDataStore store, DataFetcher fetcher) {
        this.submit = submit;
        this.cancel = cancel;
        this.store = store;
        this.fetcher = fetcher;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        // The master speaks once it has read this worker's hello, which a master starved of CPU
        // (its broker starting, a loaded host) does late: its silence until then is no loss.
        Heartbeats.installAwaitingFirstMessage(ctx.pipeline(), ctx.name(), "the master");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
        if (msg instanceof RunTask job) {
            read.add(job);
            return;
        }
        submitRead();
        if (msg instanceof io.braid.comm.message.CancelJob c) {
            cancel.accept(c.jobId(), c.reason());
        } else if (msg instanceof DeleteData d) {
            store.delete(d.dataNames());
        } else if (msg instanceof NodeLost lost) {
            LOG.info("worker {} is lost (the master says): dropping fetches from {}:{}", lost.node(), lost.dataHost(),
                    lost.dataPort());
            fetcher.forget(lost.dataHost(), lost.dataPort(), "worker " + lost.node() + " was lost");
        } else if (msg instanceof Shutdown) {
            LOG.info("shutdown requested by the master");
            ctx.close();
        } else {
            LOG.warn("unexpected message from the master: {}", msg.getClass().getSimpleName());
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        submitRead();
        ctx.fireChannelReadComplete();
    }

    private void submitRead() {
        if (!read.isEmpty()) {
            List<RunTask> jobs = read;
            read = new ArrayList<>(Math.max(16, jobs.size()));
            submit.accept(jobs);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.error("connection to the master failed", cause);
        ctx.close();
    }
}
