package io.braid.comm.auth;

import io.braid.comm.codec.MessageCodec;
import io.braid.comm.message.FetchData;
import io.braid.comm.message.Message;
import io.braid.comm.tls.SelfSignedCertificates;
import io.braid.comm.tls.TlsIdentity;
import io.braid.comm.transport.MessageClient;
import io.braid.comm.transport.MessageHandler;
import io.braid.comm.transport.MessageServer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real sockets on loopback: a server that refuses a peer never decodes anything it sent (its
 * business handler, installed only after authentication, records every event that reaches it).
 */
class AuthenticationTest {

    /** Records every event that reaches the business handler; echoes messages back. */
    @ChannelHandler.Sharable
    static final class Recorder extends MessageHandler {
        final List<Object> events = new CopyOnWriteArrayList<>();

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            events.add("active");
            super.channelActive(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            events.add(msg);
            ctx.writeAndFlush(msg);
        }
    }

    static final class Collector extends MessageHandler {
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            received.add(msg);
        }
    }

    private final BlockingQueue<Refusal> refusals = new LinkedBlockingQueue<>();

    private ConnectionSecurity server(RunSecret secret) {
        // The default timeout: on a loaded machine a shorter one could refuse for the wrong reason.
        return ConnectionSecurity.of(secret).withRefusalListener(refusals::add);
    }

    @Test
    void theSameSecretConnectsAndMessagesFlow() throws Exception {
        RunSecret secret = RunSecret.generate();
        Recorder recorder = new Recorder();
        try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "test", 1, server(secret));
             MessageClient c = new MessageClient("client", 1, ConnectionSecurity.of(secret))) {
            Collector collector = new Collector();
            Channel ch = c.connect("test server", "127.0.0.1", s.port(), collector, 5_000);
            ch.writeAndFlush(new FetchData(1, "d1v1"));
            assertEquals(new FetchData(1, "d1v1"), collector.received.poll(5, TimeUnit.SECONDS));
            assertEquals(List.of("active", new FetchData(1, "d1v1")), recorder.events);
            assertTrue(refusals.isEmpty());
        }
    }

    @Test
    void aWrongSecretIsRefusedOnBothSidesAndNothingIsDecoded() throws Exception {
        Recorder recorder = new Recorder();
        try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "test", 1, server(RunSecret.generate()));
             MessageClient c = new MessageClient("client", 1, ConnectionSecurity.of(RunSecret.generate()))) {
            IOException e = assertThrows(IOException.class,
                    () -> c.connect("master", "127.0.0.1", s.port(), new Collector(), 5_000));
            assertTrue(e.getMessage().contains("refused this process's proof of the secret"), e.getMessage());
            assertTrue(e.getMessage().startsWith("cannot connect to master 127.0.0.1:" + s.port()), e.getMessage());
            Refusal r = refusals.poll(5, TimeUnit.SECONDS);
            assertNotNull(r);
            assertEquals(Refusal.Reason.WRONG_PROOF, r.reason());
            assertEquals("test", r.server());
            assertTrue(recorder.events.isEmpty(), "reached the handler: " + recorder.events);
        }
    }

    @Test
    void aPeerWithoutTheSecretSendingBraidFramesIsRefusedUndecoded() throws Exception {
        Recorder recorder = new Recorder();
        try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "test", 1, server(RunSecret.generate()));
             Socket raw = new Socket("127.0.0.1", s.port())) {
            // What a client without a secret would send: a valid frame with a valid message.
            ByteBuf encoded = Unpooled.buffer();
            MessageCodec.encodeFrame(new FetchData(7, "d1v1"), encoded);
            byte[] frame = new byte[encoded.readableBytes()];
            encoded.readBytes(frame);
            assertTrue(frame.length > 6, "frame of " + frame.length);
            raw.getOutputStream().write(frame);
            raw.getOutputStream().flush();
            assertEquals(Refusal.Reason.NO_HANDSHAKE, refusals.poll(5, TimeUnit.SECONDS).reason());
            assertClosedByServer(raw);
            assertTrue(recorder.events.isEmpty(), "reached the handler: " + recorder.events);
        }
    }

    @Test
    void anOversizeFrameBeforeAuthenticationIsRefusedWithoutBufferingIt() throws Exception {
        Recorder recorder = new Recorder();
        try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "test", 1, server(RunSecret.generate()));
             Socket raw = new Socket("127.0.0.1", s.port())) {
            // A valid handshake prefix, then far more than the 70-byte proof: a frame announcing 512 MiB.
            byte[] chunk = new byte[1 << 20];
            ByteBuf head = Unpooled.wrappedBuffer(chunk).clear();
            head.writeInt(HandshakeFrames.MAGIC).writeByte(HandshakeFrames.VERSION).writeByte(HandshakeFrames.PROOF)
                    .writeZero(64).writeInt(512 << 20);
            OutputStream out = raw.getOutputStream();
            long sent = 0;
            try {
                for (int i = 0; i < 512; i++) { // stops with an exception once the server closed
                    out.write(chunk);
                    sent += chunk.length;
                }
            } catch (IOException expected) {
                // the server closed the connection while we were still sending
            }
            Refusal r = refusals.poll(5, TimeUnit.SECONDS);
            assertEquals(Refusal.Reason.OVERSIZE, r.reason(), r.detail());
            assertTrue(sent < 512L << 20, "the server took all " + sent + " bytes");
            assertClosedByServer(raw);
            assertTrue(recorder.events.isEmpty(), "reached the handler: " + recorder.events);
        }
    }

    @Test
    void aPeerThatSendsNoHandshakeIsClosedAfterTheTimeout() throws Exception {
        Recorder recorder = new Recorder();
        try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "test", 1,
                server(RunSecret.generate()).withHandshakeTimeoutMs(1_000));
             Socket raw = new Socket("127.0.0.1", s.port())) {
            raw.getOutputStream().write(new byte[] {0x42, 0x52}); // two bytes, then silence
            raw.getOutputStream().flush();
            Refusal r = refusals.poll(10, TimeUnit.SECONDS);
            assertEquals(Refusal.Reason.TIMEOUT, r.reason());
            assertTrue(r.detail().contains("1000 ms"), r.detail());
            assertClosedByServer(raw);
            assertTrue(recorder.events.isEmpty(), "reached the handler: " + recorder.events);
        }
    }

    @Test
    void theHandshakeTimeoutSettingBoundsBothSides() throws Exception {
        String property = io.braid.comm.settings.CommSettings.HANDSHAKE_TIMEOUT_MS.property();
        System.setProperty(property, "700");
        try {
            ConnectionSecurity configured = ConnectionSecurity.of(RunSecret.generate());
            assertEquals(700, configured.handshakeTimeoutMs());
            Recorder recorder = new Recorder();
            // The server side: a peer that connects and sends nothing is refused after 700 ms.
            try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "test", 1,
                    configured.withRefusalListener(refusals::add));
                 Socket raw = new Socket("127.0.0.1", s.port())) {
                Refusal r = refusals.poll(10, TimeUnit.SECONDS);
                assertNotNull(r, "no refusal of a silent peer");
                assertEquals(Refusal.Reason.TIMEOUT, r.reason());
                assertTrue(r.detail().contains("700 ms") && r.detail().contains(property), r.detail());
                assertClosedByServer(raw);
            }
            // The client side: a server that accepts and never greets fails the connect after 700 ms.
            try (java.net.ServerSocket mute = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                 MessageClient c = new MessageClient("client", 1, configured)) {
                IOException e = assertThrows(IOException.class,
                        () -> c.connect("master", "127.0.0.1", mute.getLocalPort(), new Collector(), 10_000));
                assertTrue(e.getMessage().contains("within 700 ms") && e.getMessage().contains(property), e.getMessage());
            }
            System.setProperty(property, "10");
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> ConnectionSecurity.of(RunSecret.generate()));
            assertTrue(bad.getMessage().contains(property), bad.getMessage());
        } finally {
            System.clearProperty(property);
        }
    }

    @Test
    void aClientRefusesAServerThatDoesNotProveTheSecret() throws Exception {
        // An impostor that plays the protocol but does not know the secret: it accepts any proof.
        try (java.net.ServerSocket impostor = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
             MessageClient c = new MessageClient("client", 1, ConnectionSecurity.of(RunSecret.generate()))) {
            Thread t = new Thread(() -> {
                try (Socket peer = impostor.accept()) {
                    OutputStream out = peer.getOutputStream();
                    ByteBuf hello = HandshakeFrames.hello(io.netty.buffer.UnpooledByteBufAllocator.DEFAULT, new byte[32]);
                    out.write(io.netty.buffer.ByteBufUtil.getBytes(hello));
                    peer.getInputStream().readNBytes(HandshakeFrames.PROOF_LENGTH);
                    out.write(io.netty.buffer.ByteBufUtil.getBytes(HandshakeFrames.result(
                            io.netty.buffer.UnpooledByteBufAllocator.DEFAULT, true, new byte[32])));
                    peer.getInputStream().read(); // until the client closes
                } catch (IOException ignored) {
                    // the client hung up
                }
            });
            t.start();
            Collector collector = new Collector();
            IOException e = assertThrows(IOException.class,
                    () -> c.connect("master", "127.0.0.1", impostor.getLocalPort(), collector, 5_000));
            assertTrue(e.getMessage().contains("did not prove it holds the secret"), e.getMessage());
            t.join(5_000);
        }
    }

    @Test
    void tlsConnectionsCarryMessagesAndRefuseAnotherCertificate() throws Exception {
        RunSecret secret = RunSecret.generate();
        TlsIdentity run = SelfSignedCertificates.generate("braid-test", Duration.ofDays(1));
        TlsIdentity other = SelfSignedCertificates.generate("braid-other", Duration.ofDays(1));
        Recorder recorder = new Recorder();
        try (MessageServer s = MessageServer.start("127.0.0.1", 0, () -> recorder, "tls", 1,
                server(secret).withTls(run));
             MessageClient good = new MessageClient("good", 1, ConnectionSecurity.of(secret).withTls(
                     TlsIdentity.trusting(run.certificate())));
             MessageClient pinnedElsewhere = new MessageClient("other", 1, ConnectionSecurity.of(secret).withTls(other));
             MessageClient plain = new MessageClient("plain", 1, ConnectionSecurity.of(secret).withHandshakeTimeoutMs(1_000))) {
            Collector collector = new Collector();
            Channel ch = good.connect("tls server", "127.0.0.1", s.port(), collector, 5_000);
            assertNotNull(ch.pipeline().get("tls"));
            byte[] big = new byte[3 << 20];
            new java.util.Random(1).nextBytes(big);
            ch.writeAndFlush(new io.braid.comm.message.DataChunk(1, "d1v1", false, big, true));
            Message echoed = collector.received.poll(10, TimeUnit.SECONDS);
            assertTrue(echoed instanceof io.braid.comm.message.DataChunk d && java.util.Arrays.equals(d.bytes(), big));

            IOException e = assertThrows(IOException.class,
                    () -> pinnedElsewhere.connect("tls server", "127.0.0.1", s.port(), new Collector(), 5_000));
            assertTrue(e.getMessage().contains("not this run's"), e.getMessage());
            assertThrows(IOException.class, () -> plain.connect("tls server", "127.0.0.1", s.port(), new Collector(), 5_000));
            assertEquals(1, recorder.events.stream().filter("active"::equals).count());
        }
    }

    @Test
    void theEnvironmentOfAWorkerRebuildsTheSameSecurity() {
        TlsIdentity run = SelfSignedCertificates.generate("braid-test", Duration.ofDays(1));
        ConnectionSecurity master = ConnectionSecurity.of(RunSecret.generate()).withTls(run);
        ConnectionSecurity worker = ConnectionSecurity.fromEnvironment(master.workerEnvironment()).orElseThrow();
        assertEquals(master.secret().toHex(), worker.secret().toHex());
        assertEquals(run.certificate(), worker.tls().certificate());
        assertTrue(worker.tls().canServe());
        assertTrue(ConnectionSecurity.fromEnvironment(java.util.Map.of()).isEmpty());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> ConnectionSecurity.fromEnvironment(java.util.Map.of(RunSecret.ENV, "xyz")));
        assertEquals("BRAID_RUN_SECRET: the secret is not hexadecimal", bad.getMessage());
    }

    /** The server closed the socket: a read ends (EOF or reset) within a few seconds. */
    private static void assertClosedByServer(Socket raw) throws IOException {
        raw.setSoTimeout(5_000);
        InputStream in = raw.getInputStream();
        try {
            while (in.read() >= 0) {
                // skip what the server sent before closing (its HELLO)
            }
        } catch (java.net.SocketException reset) {
            // closed with unread data: a reset is a close too
        }
    }
}
