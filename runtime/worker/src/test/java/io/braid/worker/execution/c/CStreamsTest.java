package io.braid.worker.execution.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.streams.ConsumerMode;
import io.braid.streams.FileDistroStream;
import io.braid.streams.StreamType;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.server.DistroStreamServer;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java half of C tasks' streams: the STREAM requests braid-c-worker sends, answered by
 * {@link CStreams} with this JVM's stream client against a real stream server (file streams: no
 * broker needed; object streams end to end are ctest c_task_streams).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CStreamsTest {
    @TempDir
    Path tmp;
    private DistroStreamServer server;

    @BeforeEach
    void start() throws Exception {
        server = DistroStreamServer.builder().host("127.0.0.1").port(0)
                .allowedTypes(EnumSet.of(StreamType.FILE), " (file streams only in this test)").start();
        DistroStreamClient.install(new DistroStreamClient(server.address(), "c-streams-test", null, 10_000));
    }

    @AfterEach
    void stop() {
        DistroStreamClient.install(null);
        server.close();
    }

    @Test
    void aTaskPublishesOnItsOutParameterAndJavaReadsIt() throws Exception {
        FileDistroStream stream = new FileDistroStream("c-out", tmp.resolve("out").toString(), ConsumerMode.AT_LEAST_ONCE);
        FileDistroStream param = (FileDistroStream) StreamHandles.attach(stream.getId());
        StreamHandles.restrict(param, StreamAccess.WRITE_ONLY);
        CStreams streams = new CStreams();
        ByteBuffer value = ByteBuffer.wrap(streams.param(param));
        assertEquals(1, value.getInt(), "the first handle");
        assertEquals(stream.getId(), str(value));
        assertEquals("c-out", str(value));
        assertEquals(ConsumerMode.AT_LEAST_ONCE.ordinal(), value.get());
        assertEquals(stream.getBaseDir(), str(value));
        assertEquals(0, value.remaining());

        Path file = Path.of(stream.getBaseDir(), "a.txt");
        Files.writeString(file, "from C");
        ByteBuffer ok = reply(streams.answer(request(1, CStreams.OP_PUBLISH, file.toString())));
        assertEquals(0, ok.get(), "published");
        // Polling an out parameter is refused with one line; the handle stays usable.
        ByteBuffer refused = reply(streams.answer(poll(1, 0)));
        assertEquals(1, refused.get());
        assertTrue(str(refused).length() > 0);
        assertEquals(0, reply(streams.answer(request(1, CStreams.OP_CLOSE))).get());
        assertEquals(List.of(file.toString()), stream.poll(10_000));
    }

    @Test
    void aTaskPollsItsInParameterUntilClosed() throws Exception {
        FileDistroStream stream = new FileDistroStream(tmp.resolve("in").toString());
        FileDistroStream param = (FileDistroStream) StreamHandles.attach(stream.getId());
        StreamHandles.restrict(param, StreamAccess.READ_ONLY);
        CStreams streams = new CStreams();
        streams.param(param);
        ByteBuffer open = reply(streams.answer(request(1, CStreams.OP_IS_CLOSED)));
        assertEquals(0, open.get());
        assertEquals(0, open.get(), "not closed yet");
        Files.writeString(Path.of(stream.getBaseDir(), "f1.txt"), "1");
        stream.publish(Path.of(stream.getBaseDir(), "f1.txt").toString());
        stream.close();
        List<String> got = new ArrayList<>();
        while (true) {
            ByteBuffer c = reply(streams.answer(request(1, CStreams.OP_IS_CLOSED)));
            c.get();
            boolean closed = c.get() == 1;
            ByteBuffer p = reply(streams.answer(poll(1, closed ? 0 : 500)));
            assertEquals(0, p.get());
            for (int n = p.getInt(); n > 0; n--) {
                got.add(str(p));
            }
            if (closed) {
                break;
            }
        }
        assertEquals(List.of(Path.of(stream.getBaseDir(), "f1.txt").toString()), got);
        // Publishing on an in parameter is refused.
        assertEquals(1, reply(streams.answer(request(1, CStreams.OP_PUBLISH, "/x"))).get());
    }

    @Test
    void aHandleTheTaskDoesNotHaveAndACutRequestAreErrorReplies() {
        CStreams streams = new CStreams();
        ByteBuffer none = reply(streams.answer(request(3, CStreams.OP_CLOSE)));
        assertEquals(1, none.get());
        assertEquals("stream handle 3 is not one of this task's", str(none));
        ByteBuffer cut = reply(streams.answer(new byte[] {CStreams.STREAM, 0, 0}));
        assertEquals(1, cut.get());
        assertEquals("a STREAM request cut short", str(cut));
    }

    private static byte[] request(int handle, int op, String... blobs) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(CStreams.STREAM);
            out.writeInt(handle);
            out.writeByte(op);
            if (op == CStreams.OP_PUBLISH) {
                out.writeInt(blobs.length);
                for (String b : blobs) {
                    byte[] u = b.getBytes(StandardCharsets.UTF_8);
                    out.writeInt(u.length);
                    out.write(u);
                }
            }
            return bytes.toByteArray();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] poll(int handle, long timeoutMs) {
        byte[] head = request(handle, CStreams.OP_POLL);
        return ByteBuffer.allocate(head.length + 8).put(head).putLong(timeoutMs).array();
    }

    /** The reply after its type byte (checked). */
    private static ByteBuffer reply(byte[] frame) {
        ByteBuffer b = ByteBuffer.wrap(frame);
        assertEquals(CStreams.STREAM_REPLY, b.get());
        return b;
    }

    private static String str(ByteBuffer b) {
        byte[] s = new byte[b.getInt()];
        b.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }
}
