package io.braid.streams.internals.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.message.Message;
import io.braid.comm.transport.MessageHandler;
import io.braid.comm.transport.MessageServer;
import io.braid.streams.BackendException;
import io.braid.streams.StreamType;
import io.braid.streams.internals.backend.FileStreamQueue;
import io.braid.streams.internals.files.DirectoryFileStreamQueue;
import io.braid.streams.internals.files.FileStreamOptions;
import io.braid.streams.internals.files.MonitorThreads;
import io.braid.streams.internals.protocol.Ack;
import io.braid.streams.internals.protocol.ApplicationProgress;
import io.braid.streams.internals.protocol.ApplicationReaders;
import io.braid.streams.internals.protocol.AwaitObjectStream;
import io.braid.streams.internals.protocol.ClientHello;
import io.braid.streams.internals.protocol.CloseWriter;
import io.braid.streams.internals.protocol.ErrorReply;
import io.braid.streams.internals.protocol.HandedOver;
import io.braid.streams.internals.protocol.LookupStream;
import io.braid.streams.internals.protocol.ObjectReaderClosed;
import io.braid.streams.internals.protocol.OpenObjectReader;
import io.braid.streams.internals.protocol.PollFiles;
import io.braid.streams.internals.protocol.PublishFile;
import io.braid.streams.internals.protocol.ReaderProgress;
import io.braid.streams.internals.protocol.RegisterReader;
import io.braid.streams.internals.protocol.RegisterStream;
import io.braid.streams.internals.protocol.RegisterWriter;
import io.braid.streams.internals.protocol.ServerInfo;
import io.braid.streams.internals.protocol.ServerInfoRequest;
import io.braid.streams.internals.protocol.StreamClosedPush;
import io.braid.streams.internals.protocol.StreamInfo;
import io.braid.streams.internals.protocol.StreamMessage;
import io.braid.streams.internals.protocol.StreamReply;
import io.braid.streams.internals.protocol.StreamRequest;
import io.braid.streams.internals.protocol.StreamStatus;
import io.braid.streams.internals.server.StreamRegistry.Closed;
import io.braid.streams.internals.server.StreamRegistry.StreamMeta;
import io.braid.streams.internals.settings.StreamSettings;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
 * one {@link FileStreamQueue} per file stream with long polls, pushes to clients when a stream
 * closes, and the grace timeout of disconnected writers. Embeddable (several per JVM) or standalone
 * ({@link StandaloneServerMain}).
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
    /** How long a second registration of a stream waits for the first one's backend. */
    static final long ATTACH_WAIT_MS = TimeUnit.MINUTES.toMillis(5);

    private final ServerLoop loop = new ServerLoop();
    /** The file streams' directory monitors run here (a few threads and one watch thread for all). */
    private final MonitorThreads monitors = new MonitorThreads("stream-server-files");
    private final LoopClock clock;
    private final ObjectTopics topics;
    private final FileQueueFactory fileQueues;
    private final String advertisedHost;
    private final Set<StreamType> allowedTypes;
    private final String disallowedHint;
    private volatile MessageServer server;
    private volatile boolean closed;
    /** Held while the server closes. */
    private final Object closing = new Object();

    // Owned by the loop.
    private final StreamRegistry registry;
    private final ProgressReports progress;
    private final Map<String, Set<Channel>> channelsByClient = new HashMap<>();
    private final ObjectReaderCounts readerCounts = new ObjectReaderCounts();
    /** Moves an application's reading from its solo reader's group to its share group when a second reader opens. */
    private final SoloHandOvers soloHandOvers;
    private final Map<String, FileStream> fileStreams = new HashMap<>();
    /** When a new stream's backend (topic, file queue) is ready; attachers and first users wait for it. */
    private final StreamReadiness ready;
    private LoopClock.Timeout expiryTask;
    private long expiryAt = Long.MAX_VALUE;

    private DistroStreamServer(StreamServerBuilder b) {
        this.clock = b.clock != null ? b.clock : loop;
        this.registry = new StreamRegistry("ds-" + UUID.randomUUID().toString().substring(0, 8) + "-", b.writerGraceMs);
        this.progress = new ProgressReports(registry);
        this.advertisedHost = AdvertisedHost.of(b.host);
        this.allowedTypes = Set.copyOf(b.allowedTypes);
        this.disallowedHint = b.disallowedHint;
        this.topics = b.topics != null ? b.topics : new KafkaTopics(b.kafka, advertisedHost,
                b.workDir == null ? null : b.workDir.resolve("kafka"));
        this.fileQueues = b.fileQueues != null ? b.fileQueues : this::directoryQueue;
        this.ready = new StreamReadiness(topics, loop);
        this.soloHandOvers = new SoloHandOvers(topics, loop, clock, this::sendToClient);
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
            s.server = MessageServer.start(b.host, b.port, () -> s.new Connection(), "stream-server",
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
        return ready.prepareObjectStreams();
    }

    /**
     * Runs {@code query} on the server's loop and returns its answer (tests look at the server's
     * state between two steps of a scenario, without sleeping).
     */
    <T> T inspect(Function<StreamRegistry, T> query) throws InterruptedException, ExecutionException, TimeoutException {
        CompletableFuture<T> answer = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                answer.complete(query.apply(registry));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        return answer.get(10, TimeUnit.SECONDS);
    }

    /** The number of long polls waiting on file stream {@code streamId} (tests, through {@link #inspect}). */
    int waitingPolls(String streamId) {
        FileStream fs = fileStreams.get(streamId);
        return fs == null ? 0 : fs.waiters.size();
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
            ready.close();
            if (expiryTask != null) {
                expiryTask.cancel();
            }
            owned.complete(List.copyOf(fileStreams.values()));
            fileStreams.clear();
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
        for (FileStream fs : streams) {
            try {
                fs.queue.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the file queue of stream {} failed: {}", fs.streamId, e.toString());
            }
        }
        monitors.close();
        topics.close();
    }

    // ---------------------------------------------------------------- request handling

    /** One client connection. Its fields are the loop's, except {@code channel}, set by Netty first. */
    private final class Connection extends MessageHandler {
        private String clientId;
        private String applicationId;
        private volatile Channel channel;

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            channel = ctx.channel();
            super.channelActive(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            loop.execute(() -> received(this, msg));
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            loop.execute(() -> {
                if (clientId != null) {
                    onDisconnect(this);
                }
            });
            super.channelInactive(ctx);
        }
    }

    /** On the loop: one message from a connection. */
    private void received(Connection c, Message msg) {
        if (msg instanceof ClientHello hello) {
            onHello(c, hello);
        } else if (msg instanceof StreamRequest request) {
            if (c.clientId == null) {
                reply(c.channel, new ErrorReply(request.requestId(), ErrorReply.Kind.BACKEND,
                        "protocol error: request before ClientHello"));
                return;
            }
            handle(c, request);
        } else if (msg instanceof ReaderProgress p) {
            progress.report(p);
        } else if (msg instanceof ObjectReaderClosed r && c.clientId != null) {
            tell(readerCounts.closed(r.streamId(), c.applicationId, r.readerId()));
            soloHandOvers.answered(r.readerId());
        } else if (msg instanceof HandedOver h && c.clientId != null) {
            soloHandOvers.answered(h.readerId());
        } else {
            LOG.warn("unexpected {} from {}, ignored", msg.getClass().getSimpleName(),
                    c.channel == null ? "?" : c.channel.remoteAddress());
        }
    }

    private void onHello(Connection c, ClientHello hello) {
        c.clientId = hello.clientId();
        c.applicationId = hello.applicationId();
        channelsByClient.computeIfAbsent(hello.clientId(), k -> new LinkedHashSet<>()).add(c.channel);
        registry.clientConnected(hello.clientId());
        LOG.debug("client {} (application {}) connected from {}", hello.clientId(), hello.applicationId(),
                c.channel.remoteAddress());
    }

    private void onDisconnect(Connection c) {
        Set<Channel> channels = channelsByClient.get(c.clientId);
        if (channels != null) {
            channels.remove(c.channel);
        }
        if (channels == null || channels.isEmpty()) {
            readerCounts.clientGone(c.clientId).forEach(this::tell);
            soloHandOvers.clientGone(c.clientId);
        }
        Map<String, List<String>> readersGone = registry.clientDisconnected(c.clientId, clock.nowMs());
        scheduleExpiry();
        for (FileStream fs : fileStreams.values()) {
            fs.cancelWaiters(c.channel);
        }
        readersGone.forEach((streamId, readers) -> {
            FileStream fs = fileStreams.get(streamId);
            if (fs != null) {
                readers.forEach(fs.queue::readerGone);
            }
        });
        LOG.debug("client {} disconnected", c.clientId);
    }

    private void handle(Connection c, StreamRequest request) {
        long id = request.requestId();
        try {
            if (request instanceof RegisterStream r) {
                register(c, r);
            } else if (request instanceof LookupStream r) {
                reply(c.channel, info(id, lookup(c, r)));
            } else if (request instanceof RegisterWriter r) {
                registry.addWriter(r.streamId(), r.writerId(), c.clientId);
                reply(c.channel, new Ack(id));
            } else if (request instanceof RegisterReader r) {
                registry.addReader(r.streamId(), r.readerId(), c.clientId);
                reply(c.channel, new Ack(id));
            } else if (request instanceof OpenObjectReader r) {
                tell(readerCounts.opened(r.streamId(), c.applicationId, r.readerId(), c.clientId));
                reply(c.channel, new Ack(id));
            } else if (request instanceof CloseWriter r) {
                closeWriter(c, r);
            } else if (request instanceof StreamStatus r) {
                reply(c.channel, info(id, registry.lookup(r.streamId(), c.clientId)));
            } else if (request instanceof PollFiles r) {
                pollFiles(c, r);
            } else if (request instanceof PublishFile r) {
                publishFile(c, r);
            } else if (request instanceof ApplicationProgress r) {
                reply(c.channel, progress.answer(r));
            } else if (request instanceof AwaitObjectStream r) {
                awaitObjectStream(c, r);
            } else if (request instanceof ServerInfoRequest) {
                answerLater(c, id, topics::bootstrap, bootstrap -> new ServerInfo(id, bootstrap));
            } else {
                reply(c.channel, new ErrorReply(id, ErrorReply.Kind.BACKEND, "unsupported request "
                        + request.getClass().getSimpleName()));
            }
        } catch (StreamRegistryException | RuntimeException e) {
            reply(c.channel, failure(c, id, e));
        }
    }

    /** The reply to a request that failed with {@code e}. */
    private static StreamReply failure(Connection c, long requestId, Throwable e) {
        if (e instanceof StreamRegistryException sre) {
            return new ErrorReply(requestId, sre.kind(), sre.getMessage());
        }
        if (e instanceof BackendException) {
            return new ErrorReply(requestId, ErrorReply.Kind.BACKEND, e.getMessage());
        }
        LOG.warn("request {} from client {} failed", requestId, c.clientId, e);
        return new ErrorReply(requestId, ErrorReply.Kind.BACKEND, "stream server error: " + e);
    }

    /** Runs {@code call} on the backend pool; back on the loop, replies with {@code answer} of its result or its failure. */
    private <T> void answerLater(Connection c, long requestId, ServerLoop.Blocking<T> call,
                                 Function<T, StreamReply> answer) {
        loop.offload(call, (result, e) -> reply(c.channel, e == null ? answer.apply(result) : failure(c, requestId, e)));
    }

    private void register(Connection c, RegisterStream r) throws StreamRegistryException {
        if (!allowedTypes.contains(r.type())) {
            throw new StreamRegistryException(ErrorReply.Kind.REGISTRATION, (r.type() == StreamType.OBJECT ? "object"
                    : "file") + " streams are disabled on this server" + disallowedHint);
        }
        StreamRegistry.Registration reg = registry.register(r.type(), r.alias(), r.mode(), r.baseDir(), c.clientId);
        StreamMeta meta = reg.stream();
        CompletableFuture<Void> readiness = ready.of(meta.id());
        long id = r.requestId();
        if (!reg.created()) {
            attach(c, id, meta);
        } else if (meta.type() == StreamType.OBJECT && topics.createsTopicsInBackground()) {
            ready.createTopicInBackground(meta.id(), c.applicationId);
            LOG.info("object stream {} registered{} (its topic is being created)", meta.id(),
                    meta.alias() == null ? "" : " as '" + meta.alias() + "'");
            reply(c.channel, info(id, meta));
        } else if (meta.type() == StreamType.OBJECT) {
            loop.offload(() -> {
                topics.createTopic(meta.id(), c.applicationId);
                return null;
            }, (v, e) -> created(c, id, meta, readiness, e));
        } else {
            loop.offload(() -> fileQueues.open(meta.id(), Path.of(meta.baseDir())), (queue, e) -> {
                if (e == null) {
                    FileStream fs = new FileStream(meta.id(), meta.mode(), meta.baseDir(), queue, this::isClosed);
                    fileStreams.put(meta.id(), fs);
                    queue.onAvailable(() -> loop.execute(() -> fs.wake(false)));
                }
                created(c, id, meta, readiness, e);
            });
        }
    }

    /** On the loop, once a new stream's backend is set up or failed ({@code e}): completes its readiness, replies. */
    private void created(Connection c, long requestId, StreamMeta meta, CompletableFuture<Void> readiness, Throwable e) {
        if (e == null) {
            readiness.complete(null);
            LOG.info("{} stream {} registered{}{}", meta.type() == StreamType.OBJECT ? "object" : "file", meta.id(),
                    meta.alias() == null ? "" : " as '" + meta.alias() + "'",
                    meta.baseDir() == null ? "" : " on " + meta.baseDir());
            reply(c.channel, info(requestId, meta));
            return;
        }
        BackendException be = e instanceof BackendException b ? b
                : new BackendException("cannot set up stream " + meta.id() + ": " + e.getMessage(), e);
        readiness.completeExceptionally(be);
        reply(c.channel, new ErrorReply(requestId, ErrorReply.Kind.BACKEND, be.getMessage()));
    }

    /**
     * A registration that attached to an existing stream: answered once the stream's backend is
     * ready, or after {@link #ATTACH_WAIT_MS} without it.
     */
    private void attach(Connection c, long requestId, StreamMeta meta) {
        String what = "stream " + meta.id() + " ('" + meta.alias() + "') could not be set up: ";
        boolean[] answered = {false};
        LoopClock.Timeout giveUp = onLoopAfter(ATTACH_WAIT_MS, () -> {
            answered[0] = true;
            reply(c.channel, new ErrorReply(requestId, ErrorReply.Kind.BACKEND, what + "not ready within "
                    + ATTACH_WAIT_MS + " ms"));
        });
        ready.whenReady(meta.id(), failure -> {
            giveUp.cancel();
            if (!answered[0]) {
                reply(c.channel, failure == null ? info(requestId, meta)
                        : new ErrorReply(requestId, ErrorReply.Kind.BACKEND, what + failure));
            }
        });
    }

    /** Replies once the stream's topic exists (at once if it does), or with why it could not be created. */
    private void awaitObjectStream(Connection c, AwaitObjectStream r) throws StreamRegistryException {
        registry.lookup(r.streamId(), c.clientId); // an unknown id is an error
        ready.whenReady(r.streamId(), failure -> reply(c.channel, failure == null ? new Ack(r.requestId())
                : new ErrorReply(r.requestId(), ErrorReply.Kind.BACKEND, "stream " + r.streamId()
                        + " could not be set up: " + failure)));
    }

    private StreamMeta lookup(Connection c, LookupStream r) throws StreamRegistryException {
        return r.streamId() != null ? registry.lookup(r.streamId(), c.clientId)
                : registry.lookupAlias(r.alias(), c.clientId);
    }

    /**
     * A file stream's queue first takes in the files already complete (a disk scan, on the
     * backend pool), so that the readers' last poll after the close sees the files written just
     * before it; then the writer closes, on the loop.
     */
    private void closeWriter(Connection c, CloseWriter r) throws StreamRegistryException {
        FileStream files = fileStreams.get(r.streamId());
        if (files == null) {
            closeWriterNow(c, r);
            return;
        }
        loop.offload(() -> {
            files.queue.settle();
            return null;
        }, (v, e) -> {
            try {
                closeWriterNow(c, r);
            } catch (StreamRegistryException | RuntimeException failure) {
                reply(c.channel, failure(c, r.requestId(), failure));
            }
        });
    }

    private void closeWriterNow(Connection c, CloseWriter r) throws StreamRegistryException {
        Closed closed = registry.closeWriter(r.streamId(), r.writerId(), c.clientId);
        StreamMeta meta = registry.lookup(r.streamId(), null);
        if (closed != null) {
            LOG.info("stream {} closed (its last writer {} closed it)", meta.id(), r.writerId());
            announce(closed);
        }
        reply(c.channel, info(r.requestId(), meta));
    }

    private void publishFile(Connection c, PublishFile r) throws StreamRegistryException {
        FileStream fs = fileStream(r.streamId());
        Path base = Path.of(fs.baseDir());
        Path p = Path.of(r.path()).toAbsolutePath().normalize();
        if (!p.startsWith(base) || p.equals(base)) {
            throw new StreamRegistryException(ErrorReply.Kind.FORBIDDEN, "cannot publish " + r.path() + " on file stream "
                    + r.streamId() + ": it is not inside the stream's base directory " + base);
        }
        registry.addWriter(r.streamId(), r.writerId(), c.clientId);
        fs.queue.published(p.toString());
        reply(c.channel, new Ack(r.requestId()));
    }

    private void pollFiles(Connection c, PollFiles r) throws StreamRegistryException {
        FileStream fs = fileStream(r.streamId());
        registry.addReader(r.streamId(), r.readerId(), c.clientId);
        FileStream.Waiter w = fs.new Waiter(c.channel, c.applicationId, r);
        if (!w.tryServe(r.timeoutMs() <= 0 || isClosed(r.streamId()))) {
            w.await(onLoopAfter(r.timeoutMs(), () -> w.tryServe(true)));
        }
    }

    private FileStream fileStream(String streamId) throws StreamRegistryException {
        StreamMeta meta = registry.lookup(streamId, null);
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

    private boolean isClosed(String streamId) {
        try {
            return registry.lookup(streamId, null).closed();
        } catch (StreamRegistryException e) {
            return false;
        }
    }

    /**
     * Tells the application's reading clients their new reader count, and starts the hand-over
     * the change needs, if any (they are told again when it ends).
     */
    private void tell(ObjectReaderCounts.Change change) {
        if (change == null) {
            return;
        }
        soloHandOvers.changed(change, () -> tell(readerCounts.current(change.streamId(), change.applicationId())));
        ApplicationReaders push = new ApplicationReaders(change.streamId(), change.readers(),
                soloHandOvers.sharing(change));
        change.clients().forEach(client -> sendToClient(client, push));
    }

    private void sendToClient(String clientId, StreamMessage m) {
        for (Channel ch : channelsByClient.getOrDefault(clientId, Set.of())) {
            ch.writeAndFlush(m);
        }
    }

    /** Tells the clients that know a stream that it closed, and ends its waiting polls. */
    private void announce(Closed closed) {
        StreamClosedPush push = new StreamClosedPush(closed.stream().id());
        for (String client : closed.clients()) {
            sendToClient(client, push);
        }
        FileStream fs = fileStreams.get(closed.stream().id());
        if (fs != null) {
            fs.wake(true);
        }
    }

    // ---------------------------------------------------------------- disconnected writers

    /** (Re)arms the timer for the next expiry. */
    private void scheduleExpiry() {
        long next = registry.nextExpiry();
        if (next == Long.MAX_VALUE || (expiryTask != null && expiryAt <= next) || closed) {
            return;
        }
        if (expiryTask != null) {
            expiryTask.cancel();
        }
        expiryAt = next;
        expiryTask = onLoopAfter(Math.max(0, next - clock.nowMs()), this::expire);
    }

    private void expire() {
        List<StreamRegistry.DroppedWriter> dropped = registry.expire(clock.nowMs());
        expiryTask = null;
        expiryAt = Long.MAX_VALUE;
        scheduleExpiry();
        for (StreamRegistry.DroppedWriter d : dropped) {
            LOG.warn("client {} disconnected without closing stream {} and did not come back: writer {} dropped{}",
                    d.clientId(), d.streamId(), d.writerId(), d.closed() != null ? "; the stream is now closed" : "");
            if (d.closed() != null) {
                announce(d.closed());
            }
        }
        channelsByClient.entrySet().removeIf(e -> e.getValue().isEmpty());
    }

    // ---------------------------------------------------------------- helpers

    /** Runs {@code task} on the loop once {@code delayMs} have passed on the clock. */
    private LoopClock.Timeout onLoopAfter(long delayMs, Runnable task) {
        return clock.schedule(() -> loop.execute(task), delayMs);
    }

    private static StreamInfo info(long requestId, StreamMeta m) {
        return new StreamInfo(requestId, m.id(), m.alias(), m.type(), m.mode(), m.baseDir(), m.closed());
    }

    static void reply(Channel ch, StreamReply r) {
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(r);
        }
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
