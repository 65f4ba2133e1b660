package io.braid.streams.internals.protocol;

import io.braid.comm.codec.BraidPipeline;
import io.braid.comm.message.Message;
import io.braid.comm.message.MessageTypes;
import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StreamMessagesTest {

    static List<Message> samples() {
        return List.of(
                new ClientHello("c-1", "app"),
                new RegisterStream(1, StreamType.OBJECT, "alias", ConsumerMode.AT_LEAST_ONCE, null),
                new RegisterStream(2, StreamType.FILE, null, ConsumerMode.EXACTLY_ONCE, "/shared/dir"),
                new LookupStream(3, "ds-1", null),
                new LookupStream(4, null, "alias"),
                new RegisterWriter(5, "ds-1", "c-1", "c-1/1"),
                new RegisterReader(6, "ds-1", "c-1", "c-1/2"),
                new CloseWriter(7, "ds-1", "c-1", "c-1/1"),
                new StreamStatus(8, "ds-1"),
                new PollFiles(9, "ds-2", "c-1", "c-1/3", 1500, 1024),
                new PublishFile(10, "ds-2", "c-1", "c-1/4", "/shared/dir/f.txt"),
                new ServerInfoRequest(11),
                new StreamInfo(12, "ds-1", "alias", StreamType.OBJECT, ConsumerMode.AT_MOST_ONCE, null, true),
                new StreamInfo(13, "ds-2", null, StreamType.FILE, ConsumerMode.EXACTLY_ONCE, "/shared/dir", false),
                new Ack(14),
                new FilesPolled(15, List.of("/shared/dir/a", "/shared/dir/b"), false),
                new FilesPolled(16, List.of(), true),
                new ServerInfo(17, "10.0.0.1:9092"),
                new ErrorReply(18, ErrorReply.Kind.UNKNOWN_STREAM, "unknown stream id 'x'"),
                new StreamClosedPush("ds-1"),
                new ReaderProgress("ds-1", "app", "c-1/5", 42),
                new ApplicationProgress(19, "ds-1", "app", "c-1/5", 0),
                new ProgressTotal(20, 1L << 40),
                new OpenObjectReader(21, "ds-1", "c-1/6"),
                new ObjectReaderClosed("ds-1", "c-1/6"),
                new ApplicationReaders("ds-1", 3, io.braid.streams.internals.backend.Sharing.HANDING_OVER),
                new HandOver("ds-1", "r-2"),
                new HandedOver("ds-1", "r-2"),
                new AwaitObjectStream(22, "ds-1"));
    }

    @Test
    void tagsAreInTheStreamRangeAndEveryMessageIsRegistered() {
        Set<Class<?>> types = new HashSet<>();
        for (MessageTypes.Entry e : new StreamMessageTypes().messageTypes()) {
            assertTrue(e.tag() >= 32 && e.tag() <= 63, e.toString());
            assertEquals(e.tag(), MessageTypes.tagOf(e.type()), "registered through META-INF/services: " + e);
            types.add(e.type());
        }
        for (Message m : samples()) {
            assertTrue(types.contains(m.getClass()), m.getClass().getName());
        }
        assertEquals(types.size(), new HashSet<>(samples().stream().map(Object::getClass).toList()).size());
    }

    @Test
    void everyRecordSurvivesTheWire() {
        List<Message> received = new ArrayList<>();
        EmbeddedChannel sender = new EmbeddedChannel();
        BraidPipeline.init(sender.pipeline(), new Collect(new ArrayList<>()));
        EmbeddedChannel receiver = new EmbeddedChannel();
        BraidPipeline.init(receiver.pipeline(), new Collect(received));
        for (Message m : samples()) {
            sender.writeAndFlush(m);
        }
        ByteBuf b;
        while ((b = sender.readOutbound()) != null) {
            receiver.writeInbound(b);
        }
        assertEquals(samples(), received);
        sender.finishAndReleaseAll();
        receiver.finishAndReleaseAll();
    }

    @Test
    void filesPolledCopiesAndDefaultsItsList() {
        assertEquals(List.of(), new FilesPolled(1, null, false).paths());
    }

    private static final class Collect extends SimpleChannelInboundHandler<Message> {
        final List<Message> into;

        Collect(List<Message> into) {
            this.into = into;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            into.add(msg);
        }
    }
}
