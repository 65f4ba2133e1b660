package io.braid.comm.transport;

import io.braid.comm.message.DataChunk;
import io.braid.comm.message.DataMissing;
import io.braid.comm.message.FetchData;
import io.braid.comm.message.Message;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection to a data server carrying any number of concurrent fetches, told apart by
 * request id. Chunks are reassembled in memory ({@link #fetch}) or written to disk as they arrive
 * ({@link #fetchToFile}). When the connection drops, every pending fetch fails with an
 * IOException naming the server.
 *
 * <p>Futures complete on the connection's event loop thread: use the {@code *Async} variants of
 * CompletableFuture for continuations that block. {@link DataFetcher} pools these per server.
 */
public final class RequestClient extends MessageHandler {

    private final String server;
    private final AtomicLong nextRequestId = new AtomicLong(1);
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private volatile Channel channel;
    private volatile Throwable failure;
    private volatile long lastRequestNanos = System.nanoTime();

    /** A handler for a connection to {@code server} ("host:port", used in messages); connect it with {@link MessageClient}. */
    public RequestClient(String server) {
        this.server = server;
    }

    /** Connects (blocking, up to {@code timeoutMs}) to the data server at {@code host:port}. */
    public static RequestClient connect(String host, int port, EventLoopGroup group, int timeoutMs) throws IOException {
        RequestClient client = new RequestClient(host + ":" + port);
        MessageClient.connect("data server", host, port, client, group, timeoutMs);
        return client;
    }

    /** {@code host:port} of the data server. */
    public String server() {
        return server;
    }

    public boolean isActive() {
        Channel ch = channel;
        return ch != null && ch.isActive();
    }

    /** Number of fetches awaiting their last chunk. */
    public int pendingCount() {
        return pending.size();
    }

    /** Fetches a version whole into memory. */
    public CompletableFuture<FetchedData> fetch(String dataName) {
        InMemory p = new InMemory(dataName);
        send(p);
        return p.result;
    }

    /**
     * Fetches a version whole into a direct buffer (off the heap), for a caller outside the JVM
     * that reads the bytes in place: position 0, limit the version's size, and a 0 byte after it
     * (capacity size + 1). The caller frees it ({@link DirectBuffers#free}). When the server says
     * the version's size, the chunks go straight into the buffer; else they are joined into it.
     */
    public CompletableFuture<java.nio.ByteBuffer> fetchDirect(String dataName) {
        Direct p = new Direct(dataName);
        send(p);
        return p.result;
    }

    /**
     * Fetches a version into {@code target}, writing chunks as they arrive into a temporary file
     * beside it, moved onto {@code target} (replacing it) once complete; on failure nothing is
     * left behind. Completes with {@code target}.
     */
    public CompletableFuture<Path> fetchToFile(String dataName, Path target) {
        ToFile p;
        try {
            p = new ToFile(dataName, target);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new IOException("cannot create " + target + " to fetch " + dataName
                    + " from " + server + ": " + e, e));
        }
        send(p);
        return p.result;
    }

    /** Closes the connection; pending fetches fail with {@code cause}. */
    public void close(IOException cause) {
        failure = cause;
        close();
    }

    /** Closes the connection; pending fetches fail. */
    public void close() {
        Channel ch = channel;
        if (ch != null) {
            ch.close();
        }
    }

    private void send(Pending p) {
        long id = nextRequestId.getAndIncrement();
        Channel ch = channel;
        if (ch == null) {
            p.fail(new IOException("connection to data server " + server + " is not open"));
            return;
        }
        pending.put(id, p);
        lastRequestNanos = System.nanoTime();
        // A write on a closed channel fails, so a fetch racing with channelInactive is failed here.
        ch.writeAndFlush(new FetchData(id, p.dataName)).addListener(f -> {
            if (!f.isSuccess()) {
                Pending mine = pending.remove(id);
                if (mine != null) {
                    mine.fail(lost(f.cause()));
                }
            }
        });
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        ctx.pipeline().addFirst("stall", new IdleStateHandler(stallMs(), 0, 0, TimeUnit.MILLISECONDS));
    }

    /**
     * How long a fetch waits for its data server's next bytes before the server counts as gone:
     * a server sends chunks continuously while it has requests, so silence with fetches pending
     * means a vanished host (whose socket TCP keeps open for minutes), not a slow one.
     */
    static long stallMs() {
        return 3 * Heartbeats.timeoutMs();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        // Read-idle says nothing came for stallMs; a fetch sent since then has not waited that long.
        boolean waitedLong = System.nanoTime() - lastRequestNanos >= TimeUnit.MILLISECONDS.toNanos(stallMs());
        if (evt instanceof IdleStateEvent && !pending.isEmpty() && waitedLong) {
            failure = new IOException("no data from data server " + server + " for " + stallMs() + " ms with "
                    + pending.size() + " fetch(es) pending (host gone?)");
            log.warn("{}: closing the connection", failure.getMessage());
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
        if (msg instanceof DataChunk chunk) {
            Pending p = chunk.last() ? pending.remove(chunk.requestId()) : pending.get(chunk.requestId());
            if (p == null) {
                log.debug("chunk of {} for unknown request {} from {} dropped", chunk.dataName(), chunk.requestId(), server);
                return;
            }
            try {
                p.onChunk(chunk);
                if (chunk.last()) {
                    p.finish();
                }
            } catch (IOException | RuntimeException e) {
                pending.remove(chunk.requestId());
                p.fail(e);
            }
        } else if (msg instanceof DataMissing missing) {
            Pending p = pending.remove(missing.requestId());
            if (p != null) {
                p.fail(new DataMissingException(missing.dataName(), server, missing.reason()));
            }
        } else {
            log.warn("unexpected {} from data server {}, ignored", msg.getClass().getSimpleName(), server);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failure = cause;
        super.exceptionCaught(ctx, cause);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        IOException lost = lost(failure);
        for (Long id : List.copyOf(pending.keySet())) {
            Pending p = pending.remove(id);
            if (p != null) {
                p.fail(lost);
            }
        }
        super.channelInactive(ctx);
    }

    private IOException lost(Throwable cause) {
        String why = cause == null ? "" : ": " + cause;
        return new IOException("connection to data server " + server + " lost" + why, cause);
    }

    private abstract static class Pending {
        final String dataName;

        Pending(String dataName) {
            this.dataName = dataName;
        }

        abstract void onChunk(DataChunk chunk) throws IOException;

        abstract void finish() throws IOException;

        abstract void fail(Throwable cause);
    }

    private final class InMemory extends Pending {
        final CompletableFuture<FetchedData> result = new CompletableFuture<>();
        /** The pieces, when the server did not say the size (an older peer): joined at the end. */
        private final List<byte[]> parts = new ArrayList<>(1);
        /** The whole version, filled as the pieces come, when the first piece said its size. */
        private byte[] whole;
        private long size;
        private boolean isFile;

        InMemory(String dataName) {
            super(dataName);
        }

        @Override
        void onChunk(DataChunk chunk) throws IOException {
            byte[] bytes = chunk.bytes() == null ? new byte[0] : chunk.bytes();
            if (size + bytes.length > Integer.MAX_VALUE - 8 || chunk.totalSize() > Integer.MAX_VALUE - 8) {
                throw new IOException(dataName + " from " + server + " exceeds 2 GiB, too large to fetch into memory");
            }
            if (size == 0 && whole == null && parts.isEmpty() && !chunk.last() && chunk.totalSize() > bytes.length) {
                // One array of the announced size: the pieces are garbage at once, and no second
                // array is made at the end (a 512 MiB object cost the receiving JVM 2 arrays).
                whole = new byte[(int) chunk.totalSize()];
            }
            if (whole != null) {
                if (size + bytes.length > whole.length) {
                    throw new IOException(dataName + " from " + server + ": more than the " + whole.length
                            + " bytes announced");
                }
                System.arraycopy(bytes, 0, whole, (int) size, bytes.length);
            } else {
                parts.add(bytes);
            }
            size += bytes.length;
            isFile = chunk.isFile();
        }

        @Override
        void finish() throws IOException {
            byte[] all;
            if (whole != null) {
                if (size != whole.length) {
                    throw new IOException(dataName + " from " + server + ": " + size + " bytes of the " + whole.length
                            + " announced");
                }
                all = whole;
            } else if (parts.size() == 1) {
                all = parts.get(0);
            } else {
                all = new byte[(int) size];
                int at = 0;
                for (byte[] part : parts) {
                    System.arraycopy(part, 0, all, at, part.length);
                    at += part.length;
                }
            }
            result.complete(new FetchedData(dataName, isFile, all));
        }

        @Override
        void fail(Throwable cause) {
            result.completeExceptionally(cause);
        }
    }

    private final class Direct extends Pending {
        final CompletableFuture<java.nio.ByteBuffer> result = new CompletableFuture<>();
        private final InMemory joined; // the chunks of a server that does not say the size
        private java.nio.ByteBuffer buffer;
        private boolean first = true;

        Direct(String dataName) {
            super(dataName);
            joined = new InMemory(dataName);
        }

        @Override
        void onChunk(DataChunk chunk) throws IOException {
            byte[] bytes = chunk.bytes() == null ? new byte[0] : chunk.bytes();
            if (first && chunk.totalSize() > 0) {
                if (chunk.totalSize() > Integer.MAX_VALUE - 8) {
                    throw new IOException(dataName + " from " + server + " exceeds 2 GiB, too large to fetch into memory");
                }
                buffer = java.nio.ByteBuffer.allocateDirect((int) chunk.totalSize() + 1);
            }
            first = false;
            if (buffer == null) {
                joined.onChunk(chunk);
                return;
            }
            if (bytes.length > buffer.remaining() - 1) {
                throw new IOException(dataName + " from " + server + ": more than the " + (buffer.capacity() - 1)
                        + " bytes announced");
            }
            buffer.put(bytes);
        }

        @Override
        void finish() throws IOException {
            if (buffer == null) {
                joined.finish();
                byte[] all = joined.result.join().bytes();
                buffer = java.nio.ByteBuffer.allocateDirect(all.length + 1).put(all);
            }
            if (buffer.remaining() != 1) {
                IOException short_ = new IOException(dataName + " from " + server + ": " + buffer.position()
                        + " bytes of the " + (buffer.capacity() - 1) + " announced");
                fail(short_);
                throw short_;
            }
            int size = buffer.position();
            buffer.put((byte) 0).clear().limit(size);
            result.complete(buffer);
        }

        @Override
        void fail(Throwable cause) {
            if (buffer != null) {
                DirectBuffers.free(buffer);
                buffer = null;
            }
            result.completeExceptionally(cause);
        }
    }

    private final class ToFile extends Pending {
        final CompletableFuture<Path> result = new CompletableFuture<>();
        private final Path target;
        private final Path partial;
        private final FileChannel file;

        ToFile(String dataName, Path target) throws IOException {
            super(dataName);
            this.target = target;
            Path dir = target.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            this.partial = Files.createTempFile(dir, target.getFileName() + ".", ".part");
            this.file = FileChannel.open(partial, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        }

        @Override
        void onChunk(DataChunk chunk) throws IOException {
            if (chunk.bytes() == null) {
                return;
            }
            ByteBuffer buffer = ByteBuffer.wrap(chunk.bytes());
            while (buffer.hasRemaining()) {
                file.write(buffer);
            }
        }

        @Override
        void finish() throws IOException {
            file.close();
            try {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
            result.complete(target);
        }

        @Override
        void fail(Throwable cause) {
            try {
                file.close();
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                cause.addSuppressed(e);
            }
            result.completeExceptionally(cause);
        }
    }
}
