package io.braid.streams.internals.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.transport.MessageServer;
import io.braid.streams.internals.settings.StreamSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The stream server: the {@link StreamRegistry} behind a Netty {@link MessageServer}, plus the
 * effects the registry does not do itself: Kafka topics of object streams ({@link ObjectTopics}),
 * one {@link io.braid.streams.internals.backend.FileStreamQueue} per file stream with long polls,
 * pushes to clients when a stream closes, and the grace timeout of disconnected writers.
 * Embeddable (several per JVM) or standalone ({@link StandaloneServerMain}).
 *
 * <p>This class starts and stops the server; its parts have one job each: {@link ClientConnection}
 * (a connection, handing its messages to the loop), {@link RequestDispatch} (hello, departure and
 * the routing of requests), {@link ObjectStreamRequests} (topics, reader counts, hand-overs),
 * {@link FileStreamRequests} (directory queues and long polls), {@link WriterExpiry} (the grace
 * period of disconnected writers), sharing the loop's state through {@link ServerContext}.
 *
 * <p>Threads ({@link ServerLoop}): Netty's I/O threads decode and hand every message to the
 * server's one loop thread, which owns the registry and everything else here (no locks); calls
 * that block (Kafka, file queues' disk work) run on a bounded pool and come back to the loop with
 * their result. Timers (grace periods, poll timeouts, hand-over timeouts) come from the
 * {@link LoopClock} and run on the loop.
 */
public final class DistroStreamServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DistroStreamServer.class);

    /** How long a disconnected client keeps its writer roles (system property {@code braid.streams.writerGraceMs}, ms). */
    public static final String GRACE_PROPERTY = StreamSettings.WRITER_GRACE_MS.property();
    public static final long DEFAULT_WRITER_GRACE_MS = StreamSettings.WRITER_GRACE_MS.defaultValue();

    private final ServerLoop loop = new ServerLoop();
    private final ObjectTopics topics;
    private final String advertisedHost;
    private final ServerContext ctx;
    private final FileStreamRequests files;
    private final RequestDispatch dispatch;
    private volatile MessageServer server;
    private volatile boolean closed;
    /** Held while the server closes. */
    private final Object closing = new Object();

    private DistroStreamServer(StreamServerBuilder b) {
        LoopClock clock = b.clock != null ? b.clock : loop;
        StreamRegistry registry = new StreamRegistry("ds-" + UUID.randomUUID().toString().substring(0, 8) + "-",
                b.writerGraceMs);
        this.advertisedHost = AdvertisedHost.of(b.host);
        this.topics = b.topics != null ? b.topics : new KafkaTopics(b.kafka, advertisedHost,
                b.workDir == null ? null : b.workDir.resolve("kafka"));
        this.ctx = new ServerContext(loop, clock, registry, new StreamReadiness(topics, loop));
        this.files = new FileStreamRequests(ctx, b.fileQueues);
        this.dispatch = new RequestDispatch(ctx, new ObjectStreamRequests(ctx, topics), files,
                Set.copyOf(b.allowedTypes), b.disallowedHint, () -> closed);
    }

    /**
     * Starts a server listening on {@code host:port} (port 0: any free port; host "0.0.0.0": every
     * interface). {@code workDir} (nullable: a temporary directory) holds the embedded broker's data.
     */
    public static DistroStreamServer start(String host, int port, KafkaMode kafka, Path workDir) throws IOException {
        return builder().host(host).port(port).kafka(kafka).workDir(workDir).start();
    }

    public static StreamServerBuilder builder() {
        return new StreamServerBuilder();
    }

    /** Starts a server with {@code b}'s settings (see {@link StreamServerBuilder#start()}). */
    static DistroStreamServer start(StreamServerBuilder b) throws IOException {
        DistroStreamServer s = new DistroStreamServer(b);
        try {
            s.server = MessageServer.start(b.host, b.port, () -> new ClientConnection(s.loop, s.dispatch), "stream-server",
                    MessageServer.DEFAULT_WORKER_THREADS, b.security != null ? b.security : ConnectionSecurity.process());
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        LOG.info("stream server at {} (Kafka: {})", s.address(), b.kafka);
        return s;
    }

    /** {@code host:port} for clients (what {@code BRAID_STREAM_SERVER} should be set to). */
    public String address() {
        return advertisedHost + ":" + server.port();
    }

    public int port() {
        return server.port();
    }

    /**
     * Starts the object-stream backend now, in the background, instead of on the first object
     * stream (a run that declares object streams overlaps the broker's start-up with its own).
     * A failure is logged; the first object stream reports it again. The future completes when
     * the backend is ready or has failed.
     */
    public CompletableFuture<Void> prepareObjectStreams() {
        return ctx.ready.prepareObjectStreams();
    }

    /**
     * Runs {@code query} on the server's loop and returns its answer (tests look at the server's
     * state between two steps of a scenario, without sleeping).
     */
    <T> T inspect(Function<StreamRegistry, T> query) throws InterruptedException, ExecutionException, TimeoutException {
        CompletableFuture<T> answer = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                answer.complete(query.apply(ctx.registry));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        return answer.get(10, TimeUnit.SECONDS);
    }

    /** The number of long polls waiting on file stream {@code streamId} (tests, through {@link #inspect}). */
    int waitingPolls(String streamId) {
        return files.waitingPolls(streamId);
    }

    /**
     * Stops accepting, closes every connection, the file queues and the embedded broker. A call
     * made while another thread closes the server returns once that close is done, so a process
     * that exits right after it cannot cut the broker's stop short (its data directory stayed).
     */
    @Override
    public void close() {
        synchronized (closing) {
            if (closed) {
                return;
            }
            closed = true;
            closeEverything();
        }
    }

    private void closeEverything() {
        if (server != null) {
            server.close();
        }
        // The loop hands over what it owns, then stops: the queues and topics close on this thread.
        CompletableFuture<List<FileStream>> owned = new CompletableFuture<>();
        loop.execute(() -> {
            ctx.ready.close();
            dispatch.close();
            owned.complete(files.takeAll());
        });
        List<FileStream> streams;
        try {
            streams = owned.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            streams = List.of();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("the stream server's loop did not stop in time: {}", e.toString());
            streams = List.of();
        }
        loop.close();
        files.close(streams);
        topics.close();
    }
}
