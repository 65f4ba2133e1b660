package io.braid.comm.auth;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What both ends of the handshake share: the buffer of the fixed-size frame being read (never
 * more: a peer cannot make this side buffer anything else), the deadline of the handshake, and
 * whether it has ended. Not sharable.
 */
abstract class HandshakeSide extends ChannelInboundHandlerAdapter {
    private final int frameLength;
    /** The frame read so far; its capacity is the frame's length. */
    protected ByteBuf received;
    /** Set once the handshake succeeded or failed: nothing more is read. */
    protected boolean finished;
    private ScheduledFuture<?> timeout;

    HandshakeSide(int frameLength) {
        this.frameLength = frameLength;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        received = ctx.alloc().heapBuffer(frameLength, frameLength);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelTimeout();
        if (received != null) {
            received.release();
            received = null;
        }
    }

    /** Runs {@code onTimeout} on the channel's thread unless the handshake ends within {@code ms}. */
    protected void startTimeout(ChannelHandlerContext ctx, long ms, Runnable onTimeout) {
        timeout = ctx.executor().schedule(onTimeout, ms, TimeUnit.MILLISECONDS);
    }

    protected void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }
}
