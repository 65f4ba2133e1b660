package io.braid.comm.transport;

import io.braid.comm.message.DataChunk;
import io.braid.comm.message.DataMissing;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DataSenderTest {

    static byte[] content(int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i ^ (i >>> 8) ^ (i >>> 16));
        }
        return b;
    }

    static List<DataChunk> chunks(EmbeddedChannel ch) {
        List<DataChunk> out = new ArrayList<>();
        for (Object m; (m = ch.readOutbound()) != null; ) {
            out.add(assertInstanceOf(DataChunk.class, m));
        }
        return out;
    }

    static byte[] join(List<DataChunk> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunks.forEach(c -> out.writeBytes(c.bytes()));
        return out.toByteArray();
    }

    @Test
    void bytesAreSplitIntoOneMebibyteChunks() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        byte[] data = content(2 * DataSender.CHUNK_SIZE + 12345);
        DataSender.send(ch, 7L, "d1v1", data).get();
        List<DataChunk> chunks = chunks(ch);
        assertEquals(3, chunks.size());
        assertEquals(List.of(DataSender.CHUNK_SIZE, DataSender.CHUNK_SIZE, 12345),
                chunks.stream().map(c -> c.bytes().length).toList());
        assertEquals(List.of(false, false, true), chunks.stream().map(DataChunk::last).toList());
        assertTrue(chunks.stream().allMatch(c -> c.requestId() == 7L && c.dataName().equals("d1v1") && !c.isFile()));
        assertArrayEquals(data, join(chunks));
    }

    @Test
    void smallBytesAreOneChunkWithoutCopy() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        byte[] data = content(100);
        DataSender.send(ch, 1L, "d1v1", data).get();
        List<DataChunk> chunks = chunks(ch);
        assertEquals(1, chunks.size());
        assertSame(data, chunks.get(0).bytes());
        assertTrue(chunks.get(0).last());
    }

    @Test
    void exactlyOneChunkOfContentIsOneLastChunk() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        DataSender.send(ch, 1L, "d1v1", content(DataSender.CHUNK_SIZE)).get();
        List<DataChunk> chunks = chunks(ch);
        assertEquals(1, chunks.size());
        assertTrue(chunks.get(0).last());
    }

    @Test
    void emptyContentIsOneEmptyLastChunk(@TempDir Path dir) throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel();
        DataSender.send(ch, 2L, "d1v1", new byte[0]).get();
        Path empty = Files.createFile(dir.resolve("empty"));
        DataSender.sendFile(ch, 3L, "d2v1", empty).get();
        List<DataChunk> chunks = chunks(ch);
        assertEquals(2, chunks.size());
        assertEquals(0, chunks.get(0).bytes().length);
        assertTrue(chunks.get(0).last());
        assertFalse(chunks.get(0).isFile());
        assertEquals(0, chunks.get(1).bytes().length);
        assertTrue(chunks.get(1).last());
        assertTrue(chunks.get(1).isFile());
    }

    @Test
    void fileIsStreamedInChunks(@TempDir Path dir) throws Exception {
        byte[] data = content(3 * DataSender.CHUNK_SIZE + 1);
        Path file = Files.write(dir.resolve("d3v1_in.txt"), data);
        EmbeddedChannel ch = new EmbeddedChannel();
        DataSender.sendFile(ch, 9L, "d3v1", file).get();
        List<DataChunk> chunks = chunks(ch);
        assertEquals(4, chunks.size());
        assertEquals(List.of(false, false, false, true), chunks.stream().map(DataChunk::last).toList());
        assertEquals(1, chunks.get(3).bytes().length);
        assertTrue(chunks.stream().allMatch(DataChunk::isFile));
        assertArrayEquals(data, join(chunks));
    }

    @Test
    void missingFileIsAnsweredWithDataMissing(@TempDir Path dir) {
        EmbeddedChannel ch = new EmbeddedChannel();
        CompletableFuture<Void> f = DataSender.sendFile(ch, 4L, "d4v1", dir.resolve("nope"));
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        assertInstanceOf(NoSuchFileException.class, e.getCause());
        DataMissing missing = assertInstanceOf(DataMissing.class, ch.readOutbound());
        assertEquals(4L, missing.requestId());
        assertEquals("d4v1", missing.dataName());
        assertTrue(missing.reason().startsWith("cannot read: java.nio.file.NoSuchFileException: "), missing.reason());
        assertNull(ch.readOutbound());
    }

    @Test
    void closedChannelFailsTheSend() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.close();
        CompletableFuture<Void> f = DataSender.send(ch, 1L, "d1v1", content(10));
        assertThrows(ExecutionException.class, f::get);
    }
}
