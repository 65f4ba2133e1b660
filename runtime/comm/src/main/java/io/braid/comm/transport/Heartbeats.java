package io.braid.comm.transport;

import io.braid.comm.message.Heartbeat;
import io.braid.comm.settings.CommSettings;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Liveness of a long-lived link (master and worker): each end sends a {@link Heartbeat} when it
 * has written nothing for {@link #intervalMs()}, and closes the link when it has read nothing
 * for {@link #timeoutMs()}. A peer that died cleanly closes its socket and is noticed at once;
 * this is for the host that vanished (network down, machine gone), whose socket stays open
 * until TCP gives up, which takes minutes.
 *
 * <p>The idle detector sits at the head of the pipeline, so that every byte counts as a sign of
 * life, also the parts of a large frame still being received. Received heartbeats are dropped
 * here. The timeout comes from the system property {@code braid.heartbeat.timeout_ms} (milliseconds,
 * default 6000); the interval is a fifth of it.
 *
 * <p>A link whose peer speaks only once it has taken this end's first message (the worker's link:
 * the master installs its heartbeats when it reads the worker's hello, which a master starved of
 * CPU may do seconds late) is installed with {@link #installAwaitingFirstMessage}: until the
 * peer's first message the heartbeat timeout does not run, and {@link #firstMessageTimeoutMs()}
 * bounds the wait instead, so a peer that accepted the connection and never speaks is still taken
 * as gone.
 */
public final class Heartbeats extends ChannelDuplexHandler {
    private static final Logger LOG = LoggerFactory.getLogger(Heartbeats.class);

    /** System property: milliseconds of silence after which a link's peer is taken as gone. */
    public static final String TIMEOUT_PROPERTY = CommSettings.HEARTBEAT_TIMEOUT_MS.property();
    /** Long enough for a full GC pause or a busy host at nice 10, short enough to notice a lost host within seconds. */
    public static final long DEFAULT_TIMEOUT_MS = CommSettings.HEARTBEAT_TIMEOUT_MS.defaultValue();

    private final String peer;
    private final long timeoutMs;
    /** The limit on the wait for the peer's first message; 0: the heartbeat timeout runs from the start. */
    private final long firstMessageMs;
    private boolean heard;
    private ScheduledFuture<?> firstMessageDeadline;

    private Heartbeats(String peer, long timeoutMs, long firstMessageMs) {
        this.peer = peer;
        this.timeoutMs = timeoutMs;
        this.firstMessageMs = firstMessageMs;
        this.heard = firstMessageMs == 0;
    }

    /** The configured timeout: {@code braid.heartbeat.timeout_ms}, or {@link #DEFAULT_TIMEOUT_MS}. */
    public static long timeoutMs() {
        return CommSettings.HEARTBEAT_TIMEOUT_MS.get();
    }

    /**
     * The configured limit on a worker's wait for its master's first message: {@code
     * braid.heartbeat.first_message_ms}, never less than {@link #timeoutMs()}.
     */
    public static long firstMessageTimeoutMs() {
        return Math.max(CommSettings.FIRST_MESSAGE_TIMEOUT_MS.get(), timeoutMs());
    }

    /** How often a quiet end sends a heartbeat. */
    public static long intervalMs() {
        return Math.max(20, timeoutMs() / 5);
    }

    /**
     * Adds heartbeats to a link's pipeline: the idle detector first, the heartbeat handler just
     * before {@code beforeHandler} (the link's business handler, which then never sees a
     * heartbeat). {@code peer} names the other end in the log line of a timeout.
     */
    public static void install(ChannelPipeline pipeline, String beforeHandler, String peer) {
        install(pipeline, beforeHandler, peer, 0);
    }

    /**
     * As {@link #install}, for a link whose peer may stay silent for a while after accepting it:
     * the heartbeat timeout counts from the peer's first message (a heartbeat or any other); up to
     * it, the link is closed only when that message has not come within {@link #firstMessageTimeoutMs()}.
     */
    public static void installAwaitingFirstMessage(ChannelPipeline pipeline, String beforeHandler, String peer) {
        install(pipeline, beforeHandler, peer, firstMessageTimeoutMs());
    }

    private static void install(ChannelPipeline pipeline, String beforeHandler, String peer, long firstMessageMs) {
        long timeout = timeoutMs();
        pipeline.addFirst("idle", new IdleStateHandler(timeout, intervalMs(), 0, TimeUnit.MILLISECONDS));
        pipeline.addBefore(beforeHandler, "heartbeats", new Heartbeats(peer, timeout, firstMessageMs));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!heard) {
            firstMessageDeadline = ctx.executor().schedule(() -> {
                if (!heard) {
                    LOG.warn("{} accepted the connection but sent nothing for {} ms (first-message timeout, -D{}): "
                            + "closing the connection", peer, firstMessageMs, CommSettings.FIRST_MESSAGE_TIMEOUT_MS.property());
                    ctx.close();
                }
            }, firstMessageMs, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelFirstMessageDeadline();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelFirstMessageDeadline();
        super.channelInactive(ctx);
    }

    private void cancelFirstMessageDeadline() {
        if (firstMessageDeadline != null) {
            firstMessageDeadline.cancel(false);
            firstMessageDeadline = null;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (!heard) {
            heard = true; // from now on the heartbeat timeout runs: the idle detector counts from this read
            cancelFirstMessageDeadline();
        }
        if (!(msg instanceof Heartbeat)) {
            ctx.fireChannelRead(msg);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE) {
                ctx.writeAndFlush(new Heartbeat(), ctx.voidPromise());
            } else if (idle.state() == IdleState.READER_IDLE && heard) {
                LOG.warn("{} silent for {} ms (heartbeat timeout, -D{}): closing the connection", peer, timeoutMs,
                        TIMEOUT_PROPERTY);
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }
}
