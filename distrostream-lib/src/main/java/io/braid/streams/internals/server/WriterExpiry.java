package io.braid.streams.internals.server;

import io.braid.streams.internals.server.StreamRegistry.Closed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The grace period of disconnected writers, on the server's loop: one timer, armed for the
 * registry's next expiry; when it fires, the writers of clients that did not come back are
 * dropped, and a stream that loses its last writer that way is closed ({@code announce}).
 */
final class WriterExpiry {

    private static final Logger LOG = LoggerFactory.getLogger(WriterExpiry.class);

    private final ServerContext ctx;
    private final Consumer<Closed> announce;
    /** The server is closing: no new timer. */
    private final BooleanSupplier serverClosed;
    private LoopClock.Timeout task;
    private long at = Long.MAX_VALUE;

    WriterExpiry(ServerContext ctx, Consumer<Closed> announce, BooleanSupplier serverClosed) {
        this.ctx = ctx;
        this.announce = announce;
        this.serverClosed = serverClosed;
    }

    /** (Re)arms the timer for the registry's next expiry. */
    void schedule() {
        long next = ctx.registry.nextExpiry();
        if (next == Long.MAX_VALUE || (task != null && at <= next) || serverClosed.getAsBoolean()) {
            return;
        }
        if (task != null) {
            task.cancel();
        }
        at = next;
        task = ctx.onLoopAfter(Math.max(0, next - ctx.clock.nowMs()), this::expire);
    }

    private void expire() {
        List<StreamRegistry.DroppedWriter> dropped = ctx.registry.expire(ctx.clock.nowMs());
        task = null;
        at = Long.MAX_VALUE;
        schedule();
        for (StreamRegistry.DroppedWriter d : dropped) {
            LOG.warn("client {} disconnected without closing stream {} and did not come back: writer {} dropped{}",
                    d.clientId(), d.streamId(), d.writerId(), d.closed() != null ? "; the stream is now closed" : "");
            if (d.closed() != null) {
                announce.accept(d.closed());
            }
        }
        ctx.forgetGoneClients();
    }

    /** The server closes: no more expiries. */
    void cancel() {
        if (task != null) {
            task.cancel();
        }
    }
}
