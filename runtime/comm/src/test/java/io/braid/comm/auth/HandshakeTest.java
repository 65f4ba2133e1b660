package io.braid.comm.auth;

import io.braid.comm.codec.BraidPipeline;
import io.braid.comm.codec.FrameCodec;
import io.braid.comm.message.FetchData;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.Promise;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The handshake handlers alone, on {@link EmbeddedChannel}s whose bytes the test carries across. */
class HandshakeTest {

    /** Records every event that reaches the end of the pipeline. */
    @ChannelHandler.Sharable
    static final class Recorder extends ChannelInboundHandlerAdapter {
        final List<Object> events = new ArrayList<>();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            events.add("active");
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            events.add(msg);
        }
    }

    private final List<Refusal> refusals = new ArrayList<>();

    private EmbeddedChannel server(RunSecret secret, Recorder recorder) {
        ConnectionSecurity s = ConnectionSecurity.of(secret).withRefusalListener(refusals::add);
        return new EmbeddedChannel(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                BraidPipeline.initServer(ch.pipeline(), s, "server", recorder);
            }
        });
    }

    private static EmbeddedChannel client(RunSecret secret, Recorder recorder, Promise<Void>[] ready) {
        return new EmbeddedChannel(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ready[0] = ch.eventLoop().newPromise();
                BraidPipeline.initClient(ch.pipeline(), ConnectionSecurity.of(secret), "server", 1, ready[0], recorder);
            }
        });
    }

    /** Moves everything {@code from} wrote into {@code to}; returns the number of bytes. */
    private static int carry(EmbeddedChannel from, EmbeddedChannel to) {
        int n = 0;
        for (ByteBuf b; (b = from.readOutbound()) != null; ) {
            n += b.readableBytes();
            if (to.isOpen()) {
                to.writeInbound(b);
            } else {
                b.release();
            }
        }
        return n;
    }

    @Test
    void bothSidesProveTheSecretThenTheCodecTakesOver() {
        RunSecret secret = RunSecret.generate();
        Recorder atServer = new Recorder();
        Recorder atClient = new Recorder();
        @SuppressWarnings("unchecked") Promise<Void>[] ready = new Promise[1];
        EmbeddedChannel server = server(secret, atServer);
        EmbeddedChannel client = client(secret, atClient, ready);
        assertNull(server.pipeline().get("frameDecoder"), "no decoder before authentication");
        assertEquals(HandshakeFrames.HELLO_LENGTH, carry(server, client));
        assertEquals(HandshakeFrames.PROOF_LENGTH, carry(client, server));
        assertEquals(List.of("active"), atServer.events);
        assertTrue(server.pipeline().get("frameDecoder") instanceof FrameCodec.Decoder);
        assertNull(server.pipeline().get("authHandshake"));
        // The server's answer and a message right behind it arrive in one buffer: the message is not lost.
        server.writeAndFlush(new FetchData(3, "d1v1"));
        ByteBuf both = Unpooled.buffer();
        for (ByteBuf b; (b = server.readOutbound()) != null; ) {
            both.writeBytes(b);
            b.release();
        }
        client.writeInbound(both);
        assertTrue(ready[0].isSuccess());
        assertEquals(List.of("active", new FetchData(3, "d1v1")), atClient.events);
        assertNull(client.pipeline().get("authHandshake"));
    }

    @Test
    void aWrongProofGetsRefusedAndNothingReachesTheHandler() {
        Recorder atServer = new Recorder();
        @SuppressWarnings("unchecked") Promise<Void>[] ready = new Promise[1];
        EmbeddedChannel server = server(RunSecret.generate(), atServer);
        EmbeddedChannel client = client(RunSecret.generate(), new Recorder(), ready);
        carry(server, client);
        carry(client, server);
        assertFalse(server.isOpen());
        assertEquals(Refusal.Reason.WRONG_PROOF, refusals.get(0).reason());
        carry(server, client); // REFUSED
        assertInstanceOf(AuthenticationException.class, ready[0].cause());
        assertTrue(ready[0].cause().getMessage().contains("refused this process's proof"), ready[0].cause().getMessage());
        assertTrue(atServer.events.isEmpty());
    }

    @Test
    void bytesBeyondTheProofAreRefusedBeforeTheProofIsChecked() {
        Recorder atServer = new Recorder();
        EmbeddedChannel server = server(RunSecret.generate(), atServer);
        ByteBuf flood = Unpooled.buffer().writeInt(HandshakeFrames.MAGIC).writeByte(HandshakeFrames.VERSION)
                .writeByte(HandshakeFrames.PROOF).writeZero(HandshakeFrames.PROOF_LENGTH);
        server.writeInbound(flood);
        assertEquals(Refusal.Reason.OVERSIZE, refusals.get(0).reason());
        assertFalse(server.isOpen());
        assertEquals(0, flood.refCnt(), "released, not kept");
        assertTrue(atServer.events.isEmpty());
    }

    @Test
    void noProofWithinTheTimeoutClosesTheConnection() throws Exception {
        Recorder atServer = new Recorder();
        ConnectionSecurity s = ConnectionSecurity.of(RunSecret.generate()).withRefusalListener(refusals::add)
                .withHandshakeTimeoutMs(60_000); // in the channel's time: advanced below, so a slow machine cannot fire it early
        EmbeddedChannel server = new EmbeddedChannel(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                BraidPipeline.initServer(ch.pipeline(), s, "server", atServer);
            }
        });
        server.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x42}));
        server.advanceTimeBy(60_000, TimeUnit.MILLISECONDS);
        server.runScheduledPendingTasks();
        assertEquals(Refusal.Reason.TIMEOUT, refusals.get(0).reason());
        assertFalse(server.isOpen());
        assertTrue(atServer.events.isEmpty());
    }

}
