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
 */
public final class Heartbeats extends ChannelDuplexHandler {
    private static final Logger LOG = LoggerFactory.getLogger(Heartbeats.class);

    /** System property: milliseconds of silence after which a link's peer is taken as gone. */
    public static final String TIMEOUT_PROPERTY = CommSettings.HEARTBEAT_TIMEOUT_MS.property();
    /** Long enough for a full GC pause or a busy host at nice 10, short enough to notice a lost host within seconds. */
    public static final long DEFAULT_TIMEOUT_MS = CommSettings.HEARTBEAT_TIMEOUT_MS.defaultValue();

    private final String peer;
    private final long timeoutMs;

    private Heartbeats(String peer, long timeoutMs) {
        this.peer = peer;
        this.timeoutMs = timeoutMs;
    }

    /** The configured timeout: {@code braid.heartbeat.timeout_ms}, or {@link #DEFAULT_TIMEOUT_MS}. */
    public static long timeoutMs() {
        return CommSettings.HEARTBEAT_TIMEOUT_MS.get();
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
        long timeout = timeoutMs();
        pipeline.addFirst("idle", new IdleStateHandler(timeout, intervalMs(), 0, TimeUnit.MILLISECONDS));
        pipeline.addBefore(beforeHandler, "heartbeats", new Heartbeats(peer, timeout));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (!(msg instanceof Heartbeat)) {
            ctx.fireChannelRead(msg);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE) {
                ctx.writeAndFlush(new Heartbeat(), ctx.voidPromise());
            } else if (idle.state() == IdleState.READER_IDLE) {
                LOG.warn("{} silent for {} ms (heartbeat timeout, -D{}): closing the connection", peer, timeoutMs,
                        TIMEOUT_PROPERTY);
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }
}
