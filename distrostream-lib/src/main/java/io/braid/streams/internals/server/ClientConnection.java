package io.braid.streams.internals.server;

import io.braid.comm.message.Message;
import io.braid.comm.transport.MessageHandler;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;

/**
 * One client connection to the stream server: hands every message, and its end, to the server's
 * loop ({@link RequestDispatch}). Its fields are the loop's, except {@code channel}, set by Netty
 * first.
 */
final class ClientConnection extends MessageHandler {
    /** Set by the client's hello; null before it. */
    String clientId;
    String applicationId;
    volatile Channel channel;

    private final ServerLoop loop;
    private final RequestDispatch dispatch;

    ClientConnection(ServerLoop loop, RequestDispatch dispatch) {
        this.loop = loop;
        this.dispatch = dispatch;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        super.channelActive(ctx);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
        loop.execute(() -> dispatch.received(this, msg));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        loop.execute(() -> {
            if (clientId != null) {
                dispatch.disconnected(this);
            }
        });
        super.channelInactive(ctx);
    }
}
