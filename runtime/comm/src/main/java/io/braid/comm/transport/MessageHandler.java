package io.braid.comm.transport;

import io.braid.comm.message.Message;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/**
 * Base of the business handlers at the end of a {@link io.braid.comm.codec.BraidPipeline}: receives
 * decoded {@link Message}s; any exception (decoding, I/O, handler bug) is logged and the
 * connection closed, since the stream can no longer be trusted.
 */
public abstract class MessageHandler extends SimpleChannelInboundHandler<Message> {

    /** Logger of the concrete handler class. */
    protected final Logger log = LoggerFactory.getLogger(getClass());

    protected MessageHandler() {
        super(Message.class);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            // Peer reset / vanished: expected when a process dies, no stack trace needed.
            log.warn("connection {} failed, closing it: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            log.warn("connection {} failed, closing it", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
