package io.braid.worker;

import io.braid.comm.message.CancelJob;
import io.braid.comm.message.Heartbeat;
import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.Shutdown;
import io.braid.comm.message.WorkerHello;
import io.braid.comm.settings.CommSettings;
import io.braid.comm.transport.Heartbeats;
import io.braid.comm.transport.MessageClient;
import io.braid.comm.transport.MessageHandler;
import io.braid.comm.transport.MessageServer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The worker's link to its master ({@link MasterLink}) over real loopback connections, against a
 * fake master the test controls: a master that accepts the worker and speaks only later (starved
 * of CPU) keeps its worker; one that never speaks, or falls silent once running, loses it.
 * Heartbeat timeout 1.5 s; first-message limit 4 s where the test is about it, else the default 60 s.
 */
class MasterLinkTest {
    private static final long TIMEOUT_MS = 1_500;
    private static final long FIRST_MESSAGE_MS = 4_000;

    /** The fake master: records what the worker sends; speaks only when the test says so. */
    static final class FakeMaster extends MessageHandler {
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
        final CompletableFuture<ChannelHandlerContext> connected = new CompletableFuture<>();

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            connected.complete(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            received.add(msg);
        }

        /** From now on, heartbeats as a real master has once it took the hello. */
        void startSpeaking() throws Exception {
            ChannelHandlerContext ctx = connected.get(10, TimeUnit.SECONDS);
            ctx.executor().submit(() -> Heartbeats.install(ctx.pipeline(), ctx.name(), "worker")).get(10, TimeUnit.SECONDS);
        }

        /** One message, and never anything again: a master whose host vanished once running. */
        void sayOneThingThenVanish() throws Exception {
            connected.get(10, TimeUnit.SECONDS).writeAndFlush(new Heartbeat()).get(10, TimeUnit.SECONDS);
        }

        void send(Message m) throws Exception {
            connected.get(10, TimeUnit.SECONDS).writeAndFlush(m).get(10, TimeUnit.SECONDS);
        }
    }

    @BeforeEach
    void shortHeartbeatTimeout() {
        System.setProperty(CommSettings.HEARTBEAT_TIMEOUT_MS.property(), String.valueOf(TIMEOUT_MS));
    }

    private static void shortFirstMessageLimit() {
        System.setProperty(CommSettings.FIRST_MESSAGE_TIMEOUT_MS.property(), String.valueOf(FIRST_MESSAGE_MS));
    }

    @AfterEach
    void defaultTimeouts() {
        System.clearProperty(CommSettings.HEARTBEAT_TIMEOUT_MS.property());
        System.clearProperty(CommSettings.FIRST_MESSAGE_TIMEOUT_MS.property());
    }

    private static Channel join(MessageClient client, MessageServer master) throws Exception {
        Channel ch = client.connect("master", "127.0.0.1", master.port(), new MasterLink(() -> null, null, null), 10_000);
        ch.writeAndFlush(new WorkerHello("w1", "127.0.0.1", 1, 1, "w1.log")).get(10, TimeUnit.SECONDS);
        return ch;
    }

    @Test
    void aMasterSilentForLongerThanTheHeartbeatTimeoutBeforeItsFirstMessageKeepsItsWorker() throws Exception {
        FakeMaster fake = new FakeMaster();
        try (MessageServer master = MessageServer.start("127.0.0.1", 0, () -> fake, "fake-master", 1);
             MessageClient client = new MessageClient("worker")) {
            Channel worker = join(client, master);
            assertInstanceOf(WorkerHello.class, fake.received.poll(10, TimeUnit.SECONDS));
            // Three heartbeat timeouts without a word from the master (it has not taken the hello yet).
            assertFalse(worker.closeFuture().await(3 * TIMEOUT_MS), "the worker gave up on a master that had not spoken yet");
            fake.startSpeaking();
            // Now the master's heartbeats keep the link open, and the worker's reach the master.
            assertFalse(worker.closeFuture().await(2 * TIMEOUT_MS), "the link closed although both ends were alive");
            fake.send(new Shutdown());
            assertTrue(worker.closeFuture().await(10_000), "the worker took the master's Shutdown");
        }
    }

    @Test
    void aMasterThatNeverSpeaksIsTakenAsGoneAfterTheFirstMessageLimit() throws Exception {
        shortFirstMessageLimit();
        FakeMaster fake = new FakeMaster();
        try (MessageServer master = MessageServer.start("127.0.0.1", 0, () -> fake, "fake-master", 1);
             MessageClient client = new MessageClient("worker")) {
            long t0 = System.nanoTime();
            Channel worker = join(client, master);
            assertTrue(worker.closeFuture().await(FIRST_MESSAGE_MS + 20_000), "the worker still waits for a mute master");
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms >= FIRST_MESSAGE_MS, "closed after " + ms + " ms, before the first-message limit of "
                    + FIRST_MESSAGE_MS + " ms");
        }
    }

    @Test
    void aMasterThatFallsSilentOnceRunningIsTakenAsGoneAfterTheHeartbeatTimeout() throws Exception {
        FakeMaster fake = new FakeMaster(); // first-message limit: the default 60 s, far beyond the wait below
        try (MessageServer master = MessageServer.start("127.0.0.1", 0, () -> fake, "fake-master", 1);
             MessageClient client = new MessageClient("worker")) {
            Channel worker = join(client, master);
            fake.sayOneThingThenVanish();
            // The heartbeat timeout (1.5 s) runs from the master's message: a lost host is noticed within seconds.
            assertTrue(worker.closeFuture().await(30_000), "the worker kept a master silent for 30 s once running");
        }
    }

    @Test
    void theJobsOfOneReadAreSubmittedTogetherAndBeforeTheMessageThatFollowsThem() {
        List<String> events = new ArrayList<>();
        MasterLink link = new MasterLink(jobs -> events.add("submit " + jobs.stream().map(j -> String.valueOf(j.jobId()))
                .collect(Collectors.joining(","))), (id, why) -> events.add("cancel " + id), null, null);
        EmbeddedChannel ch = new EmbeddedChannel(link);
        // One read: three jobs, a cancel of the first, one more job; then the read ends.
        ch.pipeline().fireChannelRead(job(1)).fireChannelRead(job(2)).fireChannelRead(job(3))
                .fireChannelRead(new CancelJob(1, "test")).fireChannelRead(job(4));
        assertEquals(List.of("submit 1,2,3", "cancel 1"), events, "before the read ended");
        ch.pipeline().fireChannelReadComplete();
        assertEquals(List.of("submit 1,2,3", "cancel 1", "submit 4"), events);
        ch.pipeline().fireChannelReadComplete(); // nothing left to submit
        assertEquals(3, events.size());
        ch.finishAndReleaseAll();
    }

    private static RunTask job(long id) {
        return new RunTask(id, id, "C", "m", List.of(), false, List.of(), null, false, 1);
    }
}
