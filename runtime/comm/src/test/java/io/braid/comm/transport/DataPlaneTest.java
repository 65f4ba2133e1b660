package io.braid.comm.transport;

import io.braid.comm.message.Message;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DataPlaneTest {

    private final Map<String, DataContent> held = new ConcurrentHashMap<>();
    private MessageServer server;
    private DataFetcher fetcher;

    @BeforeEach
    void start() throws IOException {
        DataServerHandler handler = new DataServerHandler(name -> Optional.ofNullable(held.get(name)));
        server = MessageServer.start("127.0.0.1", 0, () -> handler, "data");
        fetcher = new DataFetcher("fetch");
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.close();
    }

    private static Throwable failure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        return e.getCause();
    }

    @Test
    void fetchesObjectBytes() throws Exception {
        byte[] small = DataSenderTest.content(1000);
        byte[] large = DataSenderTest.content(3 * DataSender.CHUNK_SIZE + 17);
        held.put("d1v1", DataContent.ofBytes(small));
        held.put("d2v1", DataContent.ofBytes(large));
        held.put("d3v1", DataContent.ofBytes(new byte[0]));
        FetchedData a = fetcher.fetch("127.0.0.1", server.port(), "d1v1").get(10, TimeUnit.SECONDS);
        assertEquals("d1v1", a.dataName());
        assertFalse(a.isFile());
        assertArrayEquals(small, a.bytes());
        FetchedData b = fetcher.fetch("127.0.0.1", server.port(), "d2v1").get(10, TimeUnit.SECONDS);
        assertArrayEquals(large, b.bytes());
        FetchedData c = fetcher.fetch("127.0.0.1", server.port(), "d3v1").get(10, TimeUnit.SECONDS);
        assertEquals(0, c.bytes().length);
        assertEquals(1, fetcher.connectionCount());
    }

    /**
     * A fetch for another language's main program: the bytes land in a direct buffer (never the
     * heap) that the caller reads in place, with a 0 byte after them, and frees.
     */
    @Test
    void fetchesObjectBytesIntoADirectBufferEndedByAZeroByte() throws Exception {
        byte[] large = DataSenderTest.content(3 * DataSender.CHUNK_SIZE + 17);
        held.put("d1v1", DataContent.ofBytes(large));
        held.put("d2v1", DataContent.ofBytes(new byte[] {7, 8, 9}));
        held.put("d3v1", DataContent.ofBytes(new byte[0]));
        for (byte[] expected : List.of(large, new byte[] {7, 8, 9}, new byte[0])) {
            String name = expected == large ? "d1v1" : expected.length == 3 ? "d2v1" : "d3v1";
            java.nio.ByteBuffer b = fetcher.fetchDirect("127.0.0.1", server.port(), name).get(10, TimeUnit.SECONDS);
            assertTrue(b.isDirect(), name);
            assertEquals(0, b.position());
            assertEquals(expected.length, b.limit());
            assertEquals(expected.length + 1, b.capacity());
            assertEquals(0, b.duplicate().limit(b.capacity()).get(expected.length), "a 0 byte after the bytes");
            byte[] got = new byte[b.remaining()];
            b.get(got);
            assertArrayEquals(expected, got, name);
            DirectBuffers.free(b);
        }
    }

    @Test
    void fetchesAFileToDisk(@TempDir Path dir) throws Exception {
        byte[] data = DataSenderTest.content(5 * 1024 * 1024 + 3);
        Path source = Files.write(dir.resolve("d4v2_matrix.bin"), data);
        held.put("d4v2", DataContent.ofFile(source));
        Path target = dir.resolve("fetched").resolve("d4v2_matrix.bin");
        Path got = fetcher.fetchToFile("127.0.0.1", server.port(), "d4v2", target).get(20, TimeUnit.SECONDS);
        assertEquals(target, got);
        assertArrayEquals(data, Files.readAllBytes(target));
        try (var files = Files.list(target.getParent())) {
            assertEquals(List.of(target), files.toList()); // no partial file left
        }
        // The same file, into memory.
        FetchedData inMemory = fetcher.fetch("127.0.0.1", server.port(), "d4v2").get(20, TimeUnit.SECONDS);
        assertTrue(inMemory.isFile());
        assertArrayEquals(data, inMemory.bytes());
    }

    @Test
    void anObjectKeptInAFileIsServedAsObjectBytes(@TempDir Path dir) throws Exception {
        byte[] data = DataSenderTest.content(2 * DataSender.CHUNK_SIZE + 5);
        VersionStore store = new VersionStore();
        store.putObject("d5v1", data);
        Path kept = Files.write(dir.resolve("d5v1"), data);
        store.moveObjectToFile("d5v1", kept);
        assertInstanceOf(DataContent.ObjectFile.class, store.lookup("d5v1").orElseThrow());
        assertArrayEquals(data, store.object("d5v1").orElseThrow(), "read back from the file");
        held.put("d5v1", store.lookup("d5v1").orElseThrow());
        FetchedData got = fetcher.fetch("127.0.0.1", server.port(), "d5v1").get(10, TimeUnit.SECONDS);
        assertFalse(got.isFile(), "an object, not a file parameter");
        assertArrayEquals(data, got.bytes());
        assertEquals(Optional.of(kept), store.remove("d5v1"), "the caller deletes the file");
        assertTrue(store.lookup("d5v1").isEmpty());
    }

    @Test
    void fetchToFileReplacesAnExistingTarget(@TempDir Path dir) throws Exception {
        held.put("d5v1", DataContent.ofBytes(new byte[] {1, 2, 3}));
        Path target = Files.write(dir.resolve("out"), new byte[] {9, 9, 9, 9, 9});
        fetcher.fetchToFile("127.0.0.1", server.port(), "d5v1", target).get(10, TimeUnit.SECONDS);
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(target));
    }

    @Test
    void missingDataFailsWithDataMissingException(@TempDir Path dir) throws Exception {
        String server = "127.0.0.1:" + this.server.port();
        DataMissingException e = assertInstanceOf(DataMissingException.class,
                failure(fetcher.fetch("127.0.0.1", this.server.port(), "d9v9")));
        assertEquals("d9v9", e.dataName());
        assertEquals(server, e.server());
        assertEquals("data server " + server + " does not have d9v9: not held by /" + server, e.getMessage());
        Path target = dir.resolve("t");
        assertInstanceOf(DataMissingException.class,
                failure(fetcher.fetchToFile("127.0.0.1", this.server.port(), "d9v9", target)));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count()); // partial file removed
        }
        held.put("d8v1", DataContent.ofFile(dir.resolve("deleted-meanwhile")));
        DataMissingException unreadable = assertInstanceOf(DataMissingException.class,
                failure(fetcher.fetch("127.0.0.1", this.server.port(), "d8v1")));
        assertTrue(unreadable.reason().startsWith("cannot read: java.nio.file.NoSuchFileException"), unreadable.reason());
    }

    @Test
    void concurrentFetchesShareOneConnection() throws Exception {
        List<byte[]> contents = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            byte[] c = DataSenderTest.content(100_000 * i + 1);
            c[0] = (byte) i;
            contents.add(c);
            held.put("d" + i + "v1", DataContent.ofBytes(c));
        }
        List<CompletableFuture<FetchedData>> futures = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            futures.add(fetcher.fetch("127.0.0.1", server.port(), "d" + i + "v1"));
        }
        for (int i = 0; i < 20; i++) {
            assertArrayEquals(contents.get(i), futures.get(i).get(20, TimeUnit.SECONDS).bytes());
        }
        assertEquals(1, fetcher.connectionCount());
    }

    @Test
    void connectionRefused() throws Exception {
        int port = MessageServerClientTest.freePort();
        IOException e = assertInstanceOf(IOException.class, failure(fetcher.fetch("127.0.0.1", port, "d1v1")));
        assertEquals("cannot connect to data server 127.0.0.1:" + port + ": Connection refused", e.getMessage());
        assertEquals(0, fetcher.connectionCount());
    }

    @Test
    void droppedConnectionFailsPendingFetchesAndIsReopened(@TempDir Path dir) throws Exception {
        java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(2);
        @ChannelHandler.Sharable
        class Silent extends MessageHandler {
            @Override
            protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
                asked.countDown(); // never answers
            }
        }
        Silent silent = new Silent();
        MessageServer mute = MessageServer.start("127.0.0.1", 0, () -> silent, "mute");
        int port = mute.port();
        CompletableFuture<FetchedData> pending = fetcher.fetch("127.0.0.1", port, "d1v1");
        CompletableFuture<Path> pendingFile = fetcher.fetchToFile("127.0.0.1", port, "d1v1",
                dir.resolve("x"));
        assertTrue(asked.await(10, java.util.concurrent.TimeUnit.SECONDS), "both requests reached the server");
        assertFalse(pending.isDone());
        mute.close();
        IOException e = assertInstanceOf(IOException.class, failure(pending));
        assertEquals("connection to data server 127.0.0.1:" + port + " lost", e.getMessage());
        assertInstanceOf(IOException.class, failure(pendingFile));
        // The dead connection is not reused: the next fetch reconnects (and is refused).
        IOException next = assertInstanceOf(IOException.class, failure(fetcher.fetch("127.0.0.1", port, "d1v1")));
        assertEquals("cannot connect to data server 127.0.0.1:" + port + ": Connection refused", next.getMessage());
    }

    @Test
    void connectAheadOpensTheConnectionTheFirstFetchUses() throws Exception {
        java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch opened = new java.util.concurrent.CountDownLatch(1);
        DataServerHandler handler = new DataServerHandler(name -> Optional.ofNullable(held.get(name)));
        MessageServer counting = MessageServer.start("127.0.0.1", 0, () -> {
            accepted.incrementAndGet();
            opened.countDown();
            return handler;
        }, "counting");
        try {
            fetcher.connectAhead("127.0.0.1", counting.port());
            assertTrue(opened.await(10, TimeUnit.SECONDS), "the connection is opened before any fetch");
            assertEquals(1, fetcher.connectionCount());
            byte[] data = DataSenderTest.content(100);
            held.put("d1v1", DataContent.ofBytes(data));
            assertArrayEquals(data, fetcher.fetch("127.0.0.1", counting.port(), "d1v1").get(10, TimeUnit.SECONDS).bytes());
            fetcher.connectAhead("127.0.0.1", counting.port()); // open already: nothing more
            assertArrayEquals(data, fetcher.fetch("127.0.0.1", counting.port(), "d1v1").get(10, TimeUnit.SECONDS).bytes());
            assertEquals(1, accepted.get(), "the fetches used the connection opened ahead");
            assertEquals(1, fetcher.connectionCount());
        } finally {
            counting.close();
        }
    }

    @Test
    void connectAheadToNoServerIsSilentAndTheFetchReportsIt() throws Exception {
        int port = MessageServerClientTest.freePort();
        fetcher.connectAhead("127.0.0.1", port);
        IOException e = assertInstanceOf(IOException.class, failure(fetcher.fetch("127.0.0.1", port, "d1v1")));
        assertEquals("cannot connect to data server 127.0.0.1:" + port + ": Connection refused", e.getMessage());
        fetcher.close();
        fetcher.connectAhead("127.0.0.1", server.port()); // closed: ignored
        assertEquals(0, fetcher.connectionCount());
    }

    @Test
    void closedFetcherRejectsFetches() {
        fetcher.close();
        IOException e = assertInstanceOf(IOException.class, failure(fetcher.fetch("127.0.0.1", server.port(), "d1v1")));
        assertEquals("data fetcher is closed", e.getMessage());
    }
}
