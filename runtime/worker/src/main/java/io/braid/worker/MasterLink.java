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

import java.util.function.Supplier;

/** The worker's side of its connection to the master: jobs in, results out. */
final class MasterLink extends SimpleChannelInboundHandler<Message> {
    private static final Logger LOG = LoggerFactory.getLogger(MasterLink.class);

    private final Supplier<ExecutionManager> execution;
    private final WorkerDataStore store;
    private final DataFetcher fetcher;

    MasterLink(Supplier<ExecutionManager> execution, WorkerDataStore store, DataFetcher fetcher) {
        this.execution = execution;
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
            execution.get().submit(job);
        } else if (msg instanceof io.braid.comm.message.CancelJob c) {
            execution.get().cancel(c.jobId(), c.reason());
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
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.error("connection to the master failed", cause);
        ctx.close();
    }
}
