package io.braid.comm.transport;

import io.braid.comm.message.DataMissing;
import io.braid.comm.message.FetchData;
import io.braid.comm.message.Message;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.WorkerHello;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageServerClientTest {

    /** Answers FetchData(n, name) with DataMissing(n, name, "echo"), and TaskDone with the same TaskDone. */
    @ChannelHandler.Sharable
    static final class EchoHandler extends MessageHandler {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            if (msg instanceof FetchData f) {
                ctx.writeAndFlush(new DataMissing(f.requestId(), f.dataName(), "echo"));
            } else {
                ctx.writeAndFlush(msg);
            }
        }
    }

    static final class Collector extends MessageHandler {
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            received.add(msg);
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void requestAndReplyOverLoopback() throws Exception {
        EchoHandler echo = new EchoHandler();
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> echo, "test-server");
             MessageClient client = new MessageClient("test-client")) {
            assertEquals("127.0.0.1", server.host());
            assertTrue(server.port() > 0);
            Collector collector = new Collector();
            Channel ch = client.connect("worker", server.host(), server.port(), collector, 5000);
            assertTrue(ch.isActive());
            ch.writeAndFlush(new FetchData(5, "d1v1"));
            assertEquals(new DataMissing(5, "d1v1", "echo"), collector.received.poll(5, TimeUnit.SECONDS));
            WorkerHello hello = new WorkerHello("n1", "127.0.0.1", 1234, 99L, null);
            ch.writeAndFlush(hello);
            assertEquals(hello, collector.received.poll(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void burstOfMessagesArrivesCompleteAndInOrder() throws Exception {
        EchoHandler echo = new EchoHandler();
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> echo, "test-server", 1);
             MessageClient client = new MessageClient("test-client")) {
            Collector collector = new Collector();
            Channel ch = client.connect("worker", "127.0.0.1", server.port(), collector, 5000);
            int n = 20_000;
            for (int i = 0; i < n; i++) {
                ch.writeAndFlush(new TaskDone(i, List.of("d" + i + "v1"), List.of((long) i), i, i, "e"));
            }
            for (int i = 0; i < n; i++) {
                Message m = collector.received.poll(10, TimeUnit.SECONDS);
                assertEquals(new TaskDone(i, List.of("d" + i + "v1"), List.of((long) i), i, i, "e"), m);
            }
        }
    }

    @Test
    void connectionRefusedNamesTheAddress() throws Exception {
        int port = freePort();
        try (MessageClient client = new MessageClient("test-client")) {
            IOException e = assertThrows(IOException.class,
                    () -> client.connect("worker", "127.0.0.1", port, new Collector(), 2000));
            assertEquals("cannot connect to worker 127.0.0.1:" + port + ": Connection refused", e.getMessage());
            IOException e2 = assertThrows(IOException.class,
                    () -> MessageClient.connect("127.0.0.1", port, new Collector(), client.group(), 2000));
            assertEquals("cannot connect to peer 127.0.0.1:" + port + ": Connection refused", e2.getMessage());
        }
    }

    @Test
    void bindingABusyPortFailsWithTheAddress() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            IOException e = assertThrows(IOException.class,
                    () -> MessageServer.start("127.0.0.1", busy.getLocalPort(), EchoHandler::new, "data"));
            assertTrue(e.getMessage().startsWith("cannot start data on 127.0.0.1:" + busy.getLocalPort() + ": "),
                    e.getMessage());
        }
    }

    @Test
    void closingTheServerClosesClientConnections() throws Exception {
        EchoHandler echo = new EchoHandler();
        MessageServer server = MessageServer.start("127.0.0.1", 0, () -> echo, "test-server");
        try (MessageClient client = new MessageClient("test-client")) {
            Channel ch = client.connect("master", "127.0.0.1", server.port(), new Collector(), 5000);
            server.close();
            assertTrue(ch.closeFuture().await(5, TimeUnit.SECONDS));
            assertFalse(ch.isActive());
        }
    }
}
