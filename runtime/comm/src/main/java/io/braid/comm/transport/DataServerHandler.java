package io.braid.comm.transport;

import io.braid.comm.message.DataMissing;
import io.braid.comm.message.FetchData;
import io.braid.comm.message.Message;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The data server side of the data plane: answers each {@link FetchData} with the version's
 * chunks (see {@link DataSender}) or a {@link DataMissing}. Holds no per-connection state, so one
 * instance serves every connection: {@code MessageServer.start(host, 0, () -> handler, "data")}.
 */
@ChannelHandler.Sharable
public final class DataServerHandler extends MessageHandler {

    private final DataSource source;

    public DataServerHandler(DataSource source) {
        this.source = source;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
        if (!(msg instanceof FetchData fetch)) {
            log.warn("data server got unexpected {} from {}, ignored", msg.getClass().getSimpleName(),
                    ctx.channel().remoteAddress());
            return;
        }
        Optional<DataContent> content;
        try {
            content = source.lookup(fetch.dataName());
        } catch (RuntimeException e) {
            log.warn("lookup of {} failed", fetch.dataName(), e);
            ctx.writeAndFlush(new DataMissing(fetch.requestId(), fetch.dataName(), "lookup failed: " + e));
            return;
        }
        if (content.isEmpty()) {
            ctx.writeAndFlush(new DataMissing(fetch.requestId(), fetch.dataName(),
                    "not held by " + ctx.channel().localAddress()));
            return;
        }
        CompletableFuture<Void> sent;
        if (content.get() instanceof DataContent.Bytes b) {
            sent = DataSender.send(ctx.channel(), fetch.requestId(), fetch.dataName(), b.bytes());
        } else if (content.get() instanceof DataContent.ObjectFile o) {
            sent = DataSender.sendObjectFile(ctx.channel(), fetch.requestId(), fetch.dataName(), o.path());
        } else {
            sent = DataSender.sendFile(ctx.channel(), fetch.requestId(), fetch.dataName(),
                    ((DataContent.File) content.get()).path());
        }
        sent.whenComplete((ok, error) -> {
            if (error != null) {
                log.warn("sending {} to {} failed: {}", fetch.dataName(), ctx.channel().remoteAddress(), error.toString());
            }
        });
    }
}
