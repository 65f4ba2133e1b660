package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import io.braid.streams.StreamType;
import io.braid.streams.internals.backend.FileStreamQueue;
import io.braid.streams.internals.files.DirectoryFileStreamQueue;
import io.braid.streams.internals.files.FileStreamOptions;
import io.braid.streams.internals.files.MonitorThreads;
import io.braid.streams.internals.protocol.Ack;
import io.braid.streams.internals.protocol.ErrorReply;
import io.braid.streams.internals.protocol.PollFiles;
import io.braid.streams.internals.protocol.PublishFile;
import io.braid.streams.internals.server.StreamRegistry.StreamMeta;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static io.braid.streams.internals.server.ServerContext.reply;

/**
 * The stream server's file-stream requests, on its loop: one {@link FileStream} per stream (its
 * directory queue, opened on the backend pool, and the long polls waiting on it), publishing a
 * path, polling with a timeout, settling the queue before a writer closes, and waking the polls
 * when the stream closes or a client leaves. The directory monitors of all file streams share a
 * few threads ({@link MonitorThreads}).
 */
final class FileStreamRequests {

    private static final Logger LOG = LoggerFactory.getLogger(FileStreamRequests.class);

    private final ServerContext ctx;
    /** The file streams' directory monitors run here (a few threads and one watch thread for all). */
    private final MonitorThreads monitors = new MonitorThreads("stream-server-files");
    private final FileQueueFactory fileQueues;
    private final Map<String, FileStream> fileStreams = new HashMap<>();

    /** {@code fileQueues} null: a directory queue on the shared monitor threads. */
    FileStreamRequests(ServerContext ctx, FileQueueFactory fileQueues) {
        this.ctx = ctx;
        this.fileQueues = fileQueues != null ? fileQueues : this::directoryQueue;
    }

    /** A new file stream: its queue is opened (a disk scan, on the backend pool), then the client answered. */
    void create(ClientConnection c, long requestId, StreamMeta meta, CompletableFuture<Void> readiness) {
        ctx.loop.offload(() -> fileQueues.open(meta.id(), Path.of(meta.baseDir())), (queue, e) -> {
            if (e == null) {
                FileStream fs = new FileStream(meta.id(), meta.mode(), meta.baseDir(), queue, ctx::isClosed);
                fileStreams.put(meta.id(), fs);
                queue.onAvailable(() -> ctx.loop.execute(() -> fs.wake(false)));
            }
            ctx.created(c, requestId, meta, readiness, e);
        });
    }

    /**
     * Before a writer of a file stream closes: the queue first takes in the files already
     * complete (a disk scan, on the backend pool), so that the readers' last poll after the close
     * sees the files written just before it; {@code then} runs on the loop afterwards. False (and
     * {@code then} not run) when {@code streamId} is no file stream of this server.
     */
    boolean settleThen(String streamId, Runnable then) {
        FileStream files = fileStreams.get(streamId);
        if (files == null) {
            return false;
        }
        ctx.loop.offload(() -> {
            files.queue.settle();
            return null;
        }, (v, e) -> then.run());
        return true;
    }

    void publishFile(ClientConnection c, PublishFile r) throws StreamRegistryException {
        FileStream fs = fileStream(r.streamId());
        Path base = Path.of(fs.baseDir());
        Path p = Path.of(r.path()).toAbsolutePath().normalize();
        if (!p.startsWith(base) || p.equals(base)) {
            throw new StreamRegistryException(ErrorReply.Kind.FORBIDDEN, "cannot publish " + r.path() + " on file stream "
                    + r.streamId() + ": it is not inside the stream's base directory " + base);
        }
        ctx.registry.addWriter(r.streamId(), r.writerId(), c.clientId);
        fs.queue.published(p.toString());
        reply(c.channel, new Ack(r.requestId()));
    }

    void pollFiles(ClientConnection c, PollFiles r) throws StreamRegistryException {
        FileStream fs = fileStream(r.streamId());
        ctx.registry.addReader(r.streamId(), r.readerId(), c.clientId);
        FileStream.Waiter w = fs.new Waiter(c.channel, c.applicationId, r);
        if (!w.tryServe(r.timeoutMs() <= 0 || ctx.isClosed(r.streamId()))) {
            w.await(ctx.onLoopAfter(r.timeoutMs(), () -> w.tryServe(true)));
        }
    }

    /** The stream closed: its waiting polls are answered now. */
    void streamClosed(String streamId) {
        FileStream fs = fileStreams.get(streamId);
        if (fs != null) {
            fs.wake(true);
        }
    }

    /** A connection ended: its waiting polls end, and the readers its client lost give back what they held. */
    void clientDisconnected(Channel channel, Map<String, List<String>> readersGone) {
        for (FileStream fs : fileStreams.values()) {
            fs.cancelWaiters(channel);
        }
        readersGone.forEach((streamId, readers) -> {
            FileStream fs = fileStreams.get(streamId);
            if (fs != null) {
                readers.forEach(fs.queue::readerGone);
            }
        });
    }

    /** The number of long polls waiting on file stream {@code streamId} (tests). */
    int waitingPolls(String streamId) {
        FileStream fs = fileStreams.get(streamId);
        return fs == null ? 0 : fs.waiters.size();
    }

    /** On the loop, as the server closes: hands over every file stream, to close once the loop stopped. */
    List<FileStream> takeAll() {
        List<FileStream> all = List.copyOf(fileStreams.values());
        fileStreams.clear();
        return all;
    }

    /** Off the loop, once it stopped: closes {@code streams}' queues, then the monitor threads. */
    void close(List<FileStream> streams) {
        for (FileStream fs : streams) {
            try {
                fs.queue.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the file queue of stream {} failed: {}", fs.streamId, e.toString());
            }
        }
        monitors.close();
    }

    private FileStream fileStream(String streamId) throws StreamRegistryException {
        StreamMeta meta = ctx.registry.lookup(streamId, null);
        if (meta.type() != StreamType.FILE) {
            throw new StreamRegistryException(ErrorReply.Kind.FORBIDDEN, "stream " + streamId + " is an object stream,"
                    + " not a file stream");
        }
        FileStream fs = fileStreams.get(streamId);
        if (fs == null) {
            throw new StreamRegistryException(ErrorReply.Kind.BACKEND, "file stream " + streamId
                    + " has no directory queue (its registration failed or is still in progress)");
        }
        return fs;
    }

    private FileStreamQueue directoryQueue(String streamId, Path baseDir) throws BackendException {
        try {
            Files.createDirectories(baseDir);
            return new DirectoryFileStreamQueue(baseDir, FileStreamOptions.fromSystemProperties(), monitors);
        } catch (IOException | RuntimeException e) {
            throw new BackendException("cannot watch base directory " + baseDir + " of file stream " + streamId + ": "
                    + e.getMessage(), e);
        }
    }
}
