package io.braid.comm.transport;

import io.braid.comm.message.Message;
import io.netty.channel.ChannelHandlerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fetches from a data server whose host vanished (played by a server that answers nothing): they
 * fail when the master says the node is lost, or after a stall, instead of waiting forever.
 */
@ExtendWith(ShortHeartbeatTimeout.class)
class LostDataServerTest {

    /** Takes requests and answers nothing. */
    static final class Mute extends MessageHandler {
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            received.add(msg);
        }
    }

    @Test
    void aFetchFromADataServerThatFallsSilentFailsInsteadOfWaitingForever() throws Exception {
        Mute mute = new Mute();
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> mute, "mute-data", 1);
             MessageClient client = new MessageClient("fetch")) {
            RequestClient fetcher = RequestClient.connect("127.0.0.1", server.port(), client.group(), 5000);
            CompletableFuture<FetchedData> f = fetcher.fetch("d1v1");
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> f.get(3 * RequestClient.stallMs() + 5000, TimeUnit.MILLISECONDS));
            assertTrue(e.getCause() instanceof IOException, () -> "not an IOException: " + e.getCause());
            assertTrue(e.getCause().getMessage().contains("no data from data server 127.0.0.1:" + server.port()),
                    e.getCause()::getMessage);
            assertEquals(1, mute.received.size(), "the server got the fetch request");
        }
    }

    @Test
    void forgettingALostServerFailsItsPendingFetchesAtOnceWithTheReason() throws Exception {
        System.setProperty(Heartbeats.TIMEOUT_PROPERTY, "600000"); // no stall detection in this test
        Mute mute = new Mute();
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> mute, "mute-data", 1);
             DataFetcher fetcher = new DataFetcher("fetch")) {
            CompletableFuture<FetchedData> f = fetcher.fetch("127.0.0.1", server.port(), "d7v1");
            assertEquals("d7v1", ((io.braid.comm.message.FetchData) mute.received.poll(10, TimeUnit.SECONDS)).dataName());
            fetcher.forget("127.0.0.1", server.port(), "worker 127.0.0.9 was lost");
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("worker 127.0.0.9 was lost"), e.getCause()::getMessage);
            assertEquals(0, fetcher.connectionCount());
        }
    }
}
