package io.braid.worker;

import io.braid.comm.launch.WorkerCommand;
import io.braid.comm.message.Message;
import io.braid.comm.transport.MessageClient;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;

import java.io.IOException;

/** The worker's connection to its master. */
final class MasterConnection implements AutoCloseable {
    private static final int CONNECT_TIMEOUT_MS = 15_000;

    private final MessageClient client;
    private final Channel channel;
    private final ReplyBatcher replies;

    private MasterConnection(MessageClient client, Channel channel) {
        this.client = client;
        this.channel = channel;
        this.replies = new ReplyBatcher(channel);
    }

    static MasterConnection open(WorkerCommand opts, ChannelHandler handler) throws IOException {
        MessageClient client = new MessageClient("master-link", 1);
        try {
            return new MasterConnection(client, client.connect("master", opts.masterHost(), opts.masterPort(), handler,
                    CONNECT_TIMEOUT_MS));
        } catch (IOException e) {
            client.close();
            throw e;
        }
    }

    void send(Message m) {
        replies.send(m);
    }

    void awaitClose() {
        channel.closeFuture().awaitUninterruptibly();
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly();
        client.close();
    }
}
