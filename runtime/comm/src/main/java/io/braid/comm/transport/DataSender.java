package io.braid.comm.transport;

import io.braid.comm.message.DataChunk;
import io.braid.comm.message.DataMissing;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * Sends a data version as a sequence of {@link DataChunk}s of at most {@link #CHUNK_SIZE} bytes,
 * the last one flagged; empty content is one empty last chunk. Files are read one chunk at a time
 * and only while the channel is writable, so a large file never sits in memory whole: when the
 * outbound buffer is above its high watermark the sender resumes once the last write is flushed.
 *
 * <p>If a file cannot be read (before or midway) the receiver gets a {@link DataMissing} for the
 * request instead of the remaining chunks. All writes happen on the channel's event loop.
 */
public final class DataSender {

    public static final int CHUNK_SIZE = 1 << 20;

    private DataSender() {
    }

    /** Sends in-memory object bytes ({@code isFile = false}). Completes when the last chunk is written. */
    public static CompletableFuture<Void> send(Channel ch, long requestId, String dataName, byte[] bytes) {
        return start(ch, requestId, dataName, false, () -> new BytesSource(bytes));
    }

    /** Streams a serialised object kept in a file, as object bytes ({@code isFile = false}). */
    public static CompletableFuture<Void> sendObjectFile(Channel ch, long requestId, String dataName, Path file) {
        return start(ch, requestId, dataName, false, () -> new FileSource(file));
    }

    /** Streams a file ({@code isFile = true}). Completes when the last chunk is written. */
    public static CompletableFuture<Void> sendFile(Channel ch, long requestId, String dataName, Path file) {
        return start(ch, requestId, dataName, true, () -> new FileSource(file));
    }

    private static CompletableFuture<Void> start(Channel ch, long requestId, String dataName, boolean isFile,
                                                 SourceOpener opener) {
        ChunkStream stream = new ChunkStream(ch, requestId, dataName, isFile, opener);
        if (ch.eventLoop().inEventLoop()) {
            stream.open();
        } else {
            ch.eventLoop().execute(stream::open);
        }
        return stream.done;
    }

    private interface SourceOpener {
        Source open() throws IOException;
    }

    private interface Source extends AutoCloseable {
        long size();

        byte[] read(int length) throws IOException;

        @Override
        void close();
    }

    private static final class BytesSource implements Source {
        private final byte[] bytes;
        private int position;

        BytesSource(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public byte[] read(int length) {
            // Small content travels without a copy.
            byte[] chunk = position == 0 && length == bytes.length ? bytes
                    : Arrays.copyOfRange(bytes, position, position + length);
            position += length;
            return chunk;
        }

        @Override
        public void close() {
        }
    }

    private static final class FileSource implements Source {
        private final Path path;
        private final FileChannel file;
        private final long size;

        FileSource(Path path) throws IOException {
            this.path = path;
            this.file = FileChannel.open(path, StandardOpenOption.READ);
            try {
                this.size = file.size();
            } catch (IOException e) {
                file.close();
                throw e;
            }
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public byte[] read(int length) throws IOException {
            byte[] chunk = new byte[length];
            ByteBuffer buffer = ByteBuffer.wrap(chunk);
            while (buffer.hasRemaining()) {
                if (file.read(buffer) < 0) {
                    throw new EOFException(path + " shrank while being sent (expected " + size + " bytes)");
                }
            }
            return chunk;
        }

        @Override
        public void close() {
            try {
                file.close();
            } catch (IOException ignored) {
                // read-only channel: nothing was lost
            }
        }
    }

    private static final class ChunkStream {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final Channel ch;
        private final long requestId;
        private final String dataName;
        private final boolean isFile;
        private final SourceOpener opener;
        private Source source;
        private long remaining;

        ChunkStream(Channel ch, long requestId, String dataName, boolean isFile, SourceOpener opener) {
            this.ch = ch;
            this.requestId = requestId;
            this.dataName = dataName;
            this.isFile = isFile;
            this.opener = opener;
        }

        void open() {
            try {
                source = opener.open();
            } catch (IOException | RuntimeException e) {
                missing("cannot read: " + e);
                done.completeExceptionally(e);
                return;
            }
            remaining = source.size();
            writeSome();
        }

        /** Writes chunks until done or the channel is unwritable; then resumes from the last write's listener. */
        private void writeSome() {
            while (!done.isDone()) {
                if (!ch.isActive()) {
                    fail(new ClosedChannelException());
                    return;
                }
                int length = (int) Math.min(CHUNK_SIZE, remaining);
                byte[] bytes;
                try {
                    bytes = source.read(length);
                } catch (IOException | RuntimeException e) {
                    missing("read failed after " + (source.size() - remaining) + " bytes: " + e);
                    fail(e);
                    return;
                }
                remaining -= length;
                boolean last = remaining == 0;
                ChannelFuture write = ch.writeAndFlush(new DataChunk(requestId, dataName, isFile, bytes, last,
                        source.size()));
                if (last) {
                    source.close();
                    write.addListener(f -> {
                        if (f.isSuccess()) {
                            done.complete(null);
                        } else {
                            done.completeExceptionally(f.cause());
                        }
                    });
                    return;
                }
                if (!ch.isWritable()) {
                    write.addListener(f -> {
                        if (f.isSuccess()) {
                            writeSome();
                        } else {
                            fail(f.cause());
                        }
                    });
                    return;
                }
            }
        }

        private void missing(String reason) {
            if (ch.isActive()) {
                ch.writeAndFlush(new DataMissing(requestId, dataName, reason));
            }
        }

        private void fail(Throwable cause) {
            if (source != null) {
                source.close();
            }
            done.completeExceptionally(cause);
        }
    }
}
