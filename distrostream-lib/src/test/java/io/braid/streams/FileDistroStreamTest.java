package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.client.TestStreamServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** File stream handles over a real stream server and the real directory queue. */
class FileDistroStreamTest {

    @TempDir
    Path tmp;
    TestStreamServer s;

    @BeforeEach
    void start() throws Exception {
        s = new TestStreamServer(300, null);
        s.install("app");
    }

    @AfterEach
    void stop() {
        s.close();
    }

    @Test
    void constructorsResolveAndCreateTheBaseDirectory() throws Exception {
        Path base = tmp.resolve("a/b");
        FileDistroStream f = new FileDistroStream(base.toString());
        assertTrue(Files.isDirectory(base));
        assertEquals(base.toAbsolutePath().toString(), f.getBaseDir());
        assertEquals(StreamType.FILE, f.getStreamType());
        assertEquals(ConsumerMode.AT_MOST_ONCE, f.getConsumerMode());
        FileDistroStream named = new FileDistroStream("files", base.toString(), ConsumerMode.AT_LEAST_ONCE);
        FileDistroStream attached = new FileDistroStream("files", base.toString());
        assertEquals(named.getId(), attached.getId());
        assertEquals(ConsumerMode.AT_LEAST_ONCE, attached.getConsumerMode());
        assertEquals(ConsumerMode.EXACTLY_ONCE, new FileDistroStream(base.toString(), ConsumerMode.EXACTLY_ONCE)
                .getConsumerMode());
        RegistrationException e = assertThrows(RegistrationException.class,
                () -> new FileDistroStream("files", tmp.resolve("other").toString()));
        assertTrue(e.getMessage().contains("'files'"), e.getMessage());
        assertThrows(RegistrationException.class, () -> new ObjectDistroStream<String>("files"));
    }

    @Test
    void filesWrittenIntoTheDirectoryArePolledThenDrainedAfterClose() throws Exception {
        Path base = tmp.resolve("stream");
        FileDistroStream writer = new FileDistroStream(base.toString());
        DistroStreamClient readerProcess = s.client("app");
        DistroStreamClient writerProcess = DistroStreamClient.install(readerProcess);
        FileDistroStream reader = ObjectDistroStreamTest.copy(writer);
        DistroStreamClient.install(writerProcess);

        Files.writeString(base.resolve("f1.txt"), "one");
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 10_000;
        while (got.isEmpty() && System.currentTimeMillis() < deadline) {
            got.addAll(reader.poll(500));
        }
        assertEquals(List.of(base.resolve("f1.txt").toString()), got);
        Files.writeString(base.resolve("f2.txt"), "two");
        writer.publish(base.resolve("f2.txt").toString()); // accepted for a file already there
        Files.writeString(base.resolve("f3.txt"), "three");
        writer.close();
        while (!reader.isClosed()) {
            got.addAll(reader.poll(100));
        }
        // "Poll until closed, then poll once more" reads all: the close settled the directory first.
        Set<String> all = new TreeSet<>(got);
        all.addAll(reader.poll());
        assertEquals(new TreeSet<>(List.of(base.resolve("f1.txt").toString(), base.resolve("f2.txt").toString(),
                base.resolve("f3.txt").toString())), all);
        for (String p : all) {
            assertTrue(Path.of(p).isAbsolute());
        }
    }

    @Test
    void publishOutsideTheBaseDirectoryIsRefused() throws Exception {
        FileDistroStream f = new FileDistroStream(tmp.resolve("in").toString());
        BackendException e = assertThrows(BackendException.class, () -> f.publish(tmp.resolve("out.txt").toString()));
        assertTrue(e.getMessage().contains("not inside the stream's base directory"), e.getMessage());
        e = assertThrows(BackendException.class, () -> f.publish(tmp.resolve("in/../out.txt").toString()));
        assertTrue(e.getMessage().contains("not inside"), e.getMessage());
    }

    @Test
    void readOnlyFileHandleCannotPublish() throws Exception {
        FileDistroStream f = new FileDistroStream(tmp.resolve("ro").toString());
        FileDistroStream input = ObjectDistroStreamTest.copy(f);
        StreamHandles.restrict(input, StreamAccess.READ_ONLY);
        BackendException e = assertThrows(BackendException.class, () -> input.publish(tmp.resolve("ro/x").toString()));
        assertTrue(e.getMessage().contains("only read here") && e.getMessage().contains(f.getId()), e.getMessage());
        assertEquals(List.of(), input.poll());
    }

    @Test
    void unknownIdIsNamedOnPollAndPublish() throws Exception {
        FileDistroStream f = new FileDistroStream(tmp.resolve("u").toString());
        TestStreamServer other = new TestStreamServer();
        try {
            DistroStreamClient.install(other.client("app"));
            FileDistroStream lost = ObjectDistroStreamTest.copy(f);
            BackendException e = assertThrows(BackendException.class, lost::poll);
            assertTrue(e.getMessage().contains("unknown stream id '" + f.getId() + "'"), e.getMessage());
            Files.writeString(tmp.resolve("u/x"), "x");
            e = assertThrows(BackendException.class, () -> lost.publish(tmp.resolve("u/x").toString()));
            assertTrue(e.getMessage().contains("unknown stream id '" + f.getId() + "'"), e.getMessage());
        } finally {
            other.close();
        }
    }

    /** close() compiles where COMPSs' does (BackendException is unchecked); a close the server refuses throws. */
    @Test
    void closeTheServerCannotRecordThrows() throws Exception {
        FileDistroStream f = new FileDistroStream(tmp.resolve("c").toString());
        TestStreamServer other = new TestStreamServer();
        try {
            DistroStreamClient.install(other.client("app"));
            FileDistroStream lost = ObjectDistroStreamTest.copy(f);
            Runnable compssStyle = lost::close; // compiles: nothing checked to handle
            BackendException e = assertThrows(BackendException.class, compssStyle::run);
            assertTrue(e.getMessage().contains("unknown stream id '" + f.getId() + "'"), e.getMessage());
            // The task runtime's way to close reports it too.
            FileDistroStream task = ObjectDistroStreamTest.copy(f);
            assertThrows(BackendException.class, () -> StreamHandles.close(task));
        } finally {
            other.close();
        }
    }

    @Test
    void emptyPollReturnsAtOnceAndTimedPollWaits() throws Exception {
        FileDistroStream f = new FileDistroStream(tmp.resolve("e").toString());
        long t0 = System.nanoTime();
        assertEquals(List.of(), f.poll());
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000);
        t0 = System.nanoTime();
        assertEquals(List.of(), f.poll(400));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 350, ms + " ms");
        assertFalse(f.isClosed());
    }
}
