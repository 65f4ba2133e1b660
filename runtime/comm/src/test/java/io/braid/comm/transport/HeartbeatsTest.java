package io.braid.comm.transport;

import io.braid.comm.message.Message;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Heartbeats on real loopback connections, with a short timeout (400 ms). */
@ExtendWith(ShortHeartbeatTimeout.class)
class HeartbeatsTest {

    /** A link end with heartbeats that records every message reaching it and its closing. */
    static class LinkEnd extends MessageHandler {
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
        final CompletableFuture<Void> closed = new CompletableFuture<>();

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            Heartbeats.install(ctx.pipeline(), ctx.name(), "test peer");
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            received.add(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            closed.complete(null);
            super.channelInactive(ctx);
        }
    }

    @Test
    void aQuietLinkWhoseEndsAreAliveStaysOpenAndItsHandlersSeeNoHeartbeat() throws Exception {
        LinkEnd serverEnd = new LinkEnd();
        LinkEnd clientEnd = new LinkEnd();
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> serverEnd, "hb-server", 1);
             MessageClient client = new MessageClient("hb-client")) {
            Channel ch = client.connect("master", "127.0.0.1", server.port(), clientEnd, 5000);
            // Three timeouts of silence from both applications: only heartbeats keep the link open.
            assertThrows(java.util.concurrent.TimeoutException.class,
                    () -> clientEnd.closed.get(3 * ShortHeartbeatTimeout.MS, TimeUnit.MILLISECONDS));
            assertTrue(ch.isActive(), "the link closed although both ends were alive");
            assertTrue(!serverEnd.closed.isDone(), "the server closed the link although the client was alive");
            assertTrue(serverEnd.received.isEmpty(), () -> "the server's handler saw " + serverEnd.received);
            assertTrue(clientEnd.received.isEmpty(), () -> "the client's handler saw " + clientEnd.received);
        }
    }

    @Test
    void aPeerThatSendsNothingIsDisconnectedAfterTheTimeout() throws Exception {
        LinkEnd serverEnd = new LinkEnd();
        // An authenticated peer without heartbeats plays a host that vanished: connected, then silent.
        LinkEnd silent = new LinkEnd() {
            @Override
            public void handlerAdded(ChannelHandlerContext ctx) {
            }
        };
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> serverEnd, "hb-server", 1);
             MessageClient client = new MessageClient("silent-client")) {
            Channel ch = client.connect("master", "127.0.0.1", server.port(), silent, 5000);
            long t0 = System.nanoTime();
            serverEnd.closed.get(10, TimeUnit.SECONDS);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms >= ShortHeartbeatTimeout.MS / 2, "closed after " + ms + " ms, before the timeout");
            silent.closed.get(10, TimeUnit.SECONDS);
            assertTrue(!ch.isActive());
            assertTrue(serverEnd.received.isEmpty(), () -> "the server's handler saw " + serverEnd.received);
        }
    }

    @Test
    void aTimeoutBelow100MsIsRefusedWithItsProperty() {
        System.setProperty(Heartbeats.TIMEOUT_PROPERTY, "5");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Heartbeats::timeoutMs);
        assertTrue(e.getMessage().contains(Heartbeats.TIMEOUT_PROPERTY), e::getMessage);
    }
}
