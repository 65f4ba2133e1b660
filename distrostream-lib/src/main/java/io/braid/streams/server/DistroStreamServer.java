package io.braid.streams.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.message.Message;
import io.braid.comm.transport.MessageHandler;
import io.braid.comm.transport.MessageServer;
import io.braid.streams.BackendException;
import io.braid.streams.StreamType;
import io.braid.streams.backend.FileStreamQueue;
import io.braid.streams.files.DirectoryFileStreamQueue;
import io.braid.streams.files.FileStreamOptions;
import io.braid.streams.protocol.Ack;
import io.braid.streams.protocol.ApplicationProgress;
import io.braid.streams.protocol.ApplicationReaders;
import io.braid.streams.protocol.AwaitObjectStream;
import io.braid.streams.protocol.ClientHello;
import io.braid.streams.protocol.CloseWriter;
import io.braid.streams.protocol.ErrorReply;
import io.braid.streams.protocol.HandedOver;
import io.braid.streams.protocol.LookupStream;
import io.braid.streams.protocol.ObjectReaderClosed;
import io.braid.streams.protocol.OpenObjectReader;
import io.braid.streams.protocol.PollFiles;
import io.braid.streams.protocol.PublishFile;
import io.braid.streams.protocol.ReaderProgress;
import io.braid.streams.protocol.RegisterReader;
import io.braid.streams.protocol.RegisterStream;
import io.braid.streams.protocol.RegisterWriter;
import io.braid.streams.protocol.ServerInfo;
import io.braid.streams.protocol.ServerInfoRequest;
import io.braid.streams.protocol.StreamClosedPush;
import io.braid.streams.protocol.StreamInfo;
import io.braid.streams.protocol.StreamMessage;
import io.braid.streams.protocol.StreamReply;
import io.braid.streams.protocol.StreamRequest;
import io.braid.streams.protocol.StreamStatus;
import io.braid.streams.server.StreamRegistry.Closed;
import io.braid.streams.server.StreamRegistry.StreamMeta;
import io.braid.streams.settings.StreamSettings;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The stream server: the {@link StreamRegistry} behind a Netty {@link MessageServer}, plus the
 * effects the registry does not do itself: Kafka topics of object streams ({@link ObjectTopics}),
 * one {@link FileStreamQueue} per file stream with long polls, pushes to clients when a stream
 * closes, and the grace timeout of disconnected writers. Embeddable (several per JVM) or standalone
 * ({@link StandaloneServerMain}).
 *
 * <p>Threads: registry calls are serialised by a lock; network threads never block: work that may
 * (starting the broker, creating a topic, opening or reading a file queue) runs on a worker pool.
 */
public final class DistroStreamServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DistroStreamServer.class);

    /** How long a disconnected client keeps its writer roles (system property {@code braid.streams.writerGraceMs}, ms). */
    public static final String GRACE_PROPERTY = StreamSettings.WRITER_GRACE_MS.property();
    public static final long DEFAULT_WRITER_GRACE_MS = StreamSettings.WRITER_GRACE_MS.defaultValue();

    private final StreamRegistry registry;
    private final ProgressReports progress;
    private final ObjectTopics topics;
    private final FileQueueFactory fileQueues;
    private final ExecutorService work;
    private final ScheduledExecutorService timer;
    private final String advertisedHost;
    private final Set<StreamType> allowedTypes;
    private final String disallowedHint;
    private final Map<String, Set<Channel>> channelsByClient = new ConcurrentHashMap<>();
    /** Guarded by itself; changes are sent under the lock so that each client sees them in order. */
    private final ObjectReaderCounts readerCounts = new ObjectReaderCounts();
    /** Moves an application's reading from its solo reader's group to its share group when a second reader opens. */
    private final SoloHandOvers soloHandOvers;
    private final Map<String, FileStream> fileStreams = new ConcurrentHashMap<>();
    /** When a new stream's backend (topic, file queue) is ready; attachers and first users wait for it. */
    private final StreamReadiness ready;
    private volatile MessageServer server;
    private volatile boolean closed;
    /** Held while the server closes. */
    private final Object closing = new Object();
    private ScheduledFuture<?> expiryTask;
    private long expiryAt = Long.MAX_VALUE;

    private DistroStreamServer(StreamServerBuilder b) {
        this.registry = new StreamRegistry("ds-" + UUID.randomUUID().toString().substring(0, 8) + "-", b.writerGraceMs);
        this.progress = new ProgressReports(registry);
        this.advertisedHost = AdvertisedHost.of(b.host);
        this.allowedTypes = Set.copyOf(b.allowedTypes);
        this.disallowedHint = b.disallowedHint;
        this.topics = b.topics != null ? b.topics : new KafkaTopics(b.kafka, advertisedHost,
                b.workDir == null ? null : b.workDir.resolve("kafka"));
        this.fileQueues = b.fileQueues != null ? b.fileQueues : DistroStreamServer::directoryQueue;
        this.work = Executors.newCachedThreadPool(new DefaultThreadFactory("stream-server-work", true));
        this.ready = new StreamReadiness(topics);
        this.soloHandOvers = new SoloHandOvers(topics, work, this::sendToClient);
        this.timer = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("stream-server-timer", true));
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
        timer.shutdownNow();
        work.shutdownNow();
        ready.close();
        for (FileStream fs : fileStreams.values()) {
            try {
                fs.queue.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the file queue of stream {} failed: {}", fs.streamId, e.toString());
            }
        }
        fileStreams.clear();
        topics.close();
    }

    // ---------------------------------------------------------------- request handling

    /** One client connection. */
    private final class Connection extends MessageHandler {
        private volatile String clientId;
        private volatile String applicationId;
        private volatile Channel channel;

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            channel = ctx.channel();
            super.channelActive(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            if (msg instanceof ClientHello hello) {
                onHello(this, hello);
            } else if (msg instanceof StreamRequest request) {
                if (clientId == null) {
                    reply(channel, new ErrorReply(request.requestId(), ErrorReply.Kind.BACKEND,
                            "protocol error: request before ClientHello"));
                    return;
                }
                handle(this, request);
            } else if (msg instanceof ReaderProgress p) {
                progress.report(p);
            } else if (msg instanceof ObjectReaderClosed r && clientId != null) {
                synchronized (readerCounts) {
                    tell(readerCounts.closed(r.streamId(), applicationId, r.readerId()));
                }
                soloHandOvers.answered(r.readerId());
            } else if (msg instanceof HandedOver h && clientId != null) {
                soloHandOvers.answered(h.readerId());
            } else {
                log.warn("unexpected {} from {}, ignored", msg.getClass().getSimpleName(), ctx.channel().remoteAddress());
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (clientId != null) {
                onDisconnect(this);
            }
            super.channelInactive(ctx);
        }
    }

    private void onHello(Connection c, ClientHello hello) {
        c.clientId = hello.clientId();
        c.applicationId = hello.applicationId();
        channelsByClient.computeIfAbsent(hello.clientId(), k -> ConcurrentHashMap.newKeySet()).add(c.channel);
        synchronized (registry) {
            registry.clientConnected(hello.clientId());
        }
        LOG.debug("client {} (application {}) connected from {}", hello.clientId(), hello.applicationId(),
                c.channel.remoteAddress());
    }

    private void onDisconnect(Connection c) {
        Set<Channel> channels = channelsByClient.get(c.clientId);
        if (channels != null) {
            channels.remove(c.channel);
        }
        if (channels == null || channels.isEmpty()) {
            synchronized (readerCounts) {
                readerCounts.clientGone(c.clientId).forEach(this::tell);
            }
            soloHandOvers.clientGone(c.clientId);
        }
        Map<String, List<String>> readersGone;
        synchronized (registry) {
            readersGone = registry.clientDisconnected(c.clientId, now());
            scheduleExpiry();
        }
        for (FileStream fs : fileStreams.values()) {
            fs.cancelWaiters(c.channel);
        }
        readersGone.forEach((streamId, readers) -> {
            FileStream fs = fileStreams.get(streamId);
            if (fs != null) {
                work.execute(() -> readers.forEach(fs.queue::readerGone));
            }
        });
        LOG.debug("client {} disconnected", c.clientId);
    }

    private void handle(Connection c, StreamRequest request) {
        long id = request.requestId();
        try {
            if (request instanceof RegisterStream r) {
                work.execute(() -> guarded(c, id, () -> register(c, r)));
            } else if (request instanceof LookupStream r) {
                reply(c.channel, info(id, lookup(c, r)));
            } else if (request instanceof RegisterWriter r) {
                synchronized (registry) {
                    registry.addWriter(r.streamId(), r.writerId(), c.clientId);
                }
                reply(c.channel, new Ack(id));
            } else if (request instanceof RegisterReader r) {
                synchronized (registry) {
                    registry.addReader(r.streamId(), r.readerId(), c.clientId);
                }
                reply(c.channel, new Ack(id));
            } else if (request instanceof OpenObjectReader r) {
                synchronized (readerCounts) {
                    tell(readerCounts.opened(r.streamId(), c.applicationId, r.readerId(), c.clientId));
                }
                reply(c.channel, new Ack(id));
            } else if (request instanceof CloseWriter r) {
                reply(c.channel, info(id, closeWriter(c, r)));
            } else if (request instanceof StreamStatus r) {
                StreamMeta meta;
                synchronized (registry) {
                    meta = registry.lookup(r.streamId(), c.clientId);
                }
                reply(c.channel, info(id, meta));
            } else if (request instanceof PollFiles r) {
                pollFiles(c, r);
            } else if (request instanceof PublishFile r) {
                publishFile(c, r);
            } else if (request instanceof ApplicationProgress r) {
                reply(c.channel, progress.answer(r));
            } else if (request instanceof AwaitObjectStream r) {
                awaitObjectStream(c, r);
            } else if (request instanceof ServerInfoRequest) {
                work.execute(() -> guarded(c, id, () -> new ServerInfo(id, topics.bootstrap())));
            } else {
                reply(c.channel, new ErrorReply(id, ErrorReply.Kind.BACKEND, "unsupported request "
                        + request.getClass().getSimpleName()));
            }
        } catch (StreamRegistryException e) {
            reply(c.channel, new ErrorReply(id, e.kind(), e.getMessage()));
        } catch (RuntimeException e) {
            LOG.warn("request {} from client {} failed", request, c.clientId, e);
            reply(c.channel, new ErrorReply(id, ErrorReply.Kind.BACKEND, "stream server error: " + e));
        }
    }

    private interface Work {
        StreamReply run() throws StreamRegistryException, BackendException;
    }

    /** Runs {@code w} (on a worker thread) and sends its reply or its failure. */
    private void guarded(Connection c, long id, Work w) {
        StreamReply r;
        try {
            r = w.run();
        } catch (StreamRegistryException e) {
            r = new ErrorReply(id, e.kind(), e.getMessage());
        } catch (BackendException e) {
            r = new ErrorReply(id, ErrorReply.Kind.BACKEND, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("request {} from client {} failed", id, c.clientId, e);
            r = new ErrorReply(id, ErrorReply.Kind.BACKEND, "stream server error: " + e);
        }
        if (r != null) {
            reply(c.channel, r);
        }
    }

    private StreamReply register(Connection c, RegisterStream r) throws StreamRegistryException, BackendException {
        if (!allowedTypes.contains(r.type())) {
            throw new StreamRegistryException(ErrorReply.Kind.REGISTRATION, (r.type() == StreamType.OBJECT ? "object"
                    : "file") + " streams are disabled on this server" + disallowedHint);
        }
        StreamRegistry.Registration reg;
        CompletableFuture<Void> readiness;
        synchronized (registry) {
            reg = registry.register(r.type(), r.alias(), r.mode(), r.baseDir(), c.clientId);
            readiness = ready.of(reg.stream().id());
        }
        StreamMeta meta = reg.stream();
        if (reg.created() && meta.type() == StreamType.OBJECT && topics.createsTopicsInBackground()) {
            ready.createTopicInBackground(meta.id(), c.applicationId);
            LOG.info("object stream {} registered{} (its topic is being created)", meta.id(),
                    meta.alias() == null ? "" : " as '" + meta.alias() + "'");
        } else if (reg.created()) {
            try {
                if (meta.type() == StreamType.OBJECT) {
                    topics.createTopic(meta.id(), c.applicationId);
                } else {
                    FileStream fs = new FileStream(meta.id(), meta.mode(), meta.baseDir(),
                            fileQueues.open(meta.id(), Path.of(meta.baseDir())), this::isClosed, work, () -> closed);
                    fileStreams.put(meta.id(), fs);
                    fs.queue.onAvailable(fs::wakeAll);
                }
                readiness.complete(null);
                LOG.info("{} stream {} registered{}{}", meta.type() == StreamType.OBJECT ? "object" : "file", meta.id(),
                        meta.alias() == null ? "" : " as '" + meta.alias() + "'",
                        meta.baseDir() == null ? "" : " on " + meta.baseDir());
            } catch (RuntimeException e) { // BackendException included
                readiness.completeExceptionally(e);
                throw e instanceof BackendException be ? be
                        : new BackendException("cannot set up stream " + meta.id() + ": " + e.getMessage(), e);
            }
        } else {
            try {
                readiness.get(5, TimeUnit.MINUTES);
            } catch (Exception e) {
                throw new BackendException("stream " + meta.id() + " ('" + meta.alias() + "') could not be set up: "
                        + (e.getCause() != null ? e.getCause().getMessage() : e.toString()), e);
            }
        }
        return info(r.requestId(), meta);
    }

    /** Replies once the stream's topic exists (at once if it does), or with why it could not be created. */
    private void awaitObjectStream(Connection c, AwaitObjectStream r) throws StreamRegistryException {
        synchronized (registry) {
            registry.lookup(r.streamId(), c.clientId); // an unknown id is an error
        }
        ready.whenReady(r.streamId(), failure -> reply(c.channel, failure == null ? new Ack(r.requestId())
                : new ErrorReply(r.requestId(), ErrorReply.Kind.BACKEND, "stream " + r.streamId()
                        + " could not be set up: " + failure)));
    }

    private StreamMeta lookup(Connection c, LookupStream r) throws StreamRegistryException {
        synchronized (registry) {
            return r.streamId() != null ? registry.lookup(r.streamId(), c.clientId)
                    : registry.lookupAlias(r.alias(), c.clientId);
        }
    }

    private StreamMeta closeWriter(Connection c, CloseWriter r) throws StreamRegistryException {
        FileStream files = fileStreams.get(r.streamId());
        if (files != null) {
            files.queue.settle(); // the writer's last files are in before anyone sees the stream closed
        }
        Closed closed;
        StreamMeta meta;
        synchronized (registry) {
            closed = registry.closeWriter(r.streamId(), r.writerId(), c.clientId);
            meta = registry.lookup(r.streamId(), null);
        }
        if (closed != null) {
            LOG.info("stream {} closed (its last writer {} closed it)", meta.id(), r.writerId());
            announce(closed);
        }
        return meta;
    }

    private void publishFile(Connection c, PublishFile r) throws StreamRegistryException {
        FileStream fs = fileStream(r.streamId());
        Path base = Path.of(fs.baseDir());
        Path p = Path.of(r.path()).toAbsolutePath().normalize();
        if (!p.startsWith(base) || p.equals(base)) {
            throw new StreamRegistryException(ErrorReply.Kind.FORBIDDEN, "cannot publish " + r.path() + " on file stream "
                    + r.streamId() + ": it is not inside the stream's base directory " + base);
        }
        synchronized (registry) {
            registry.addWriter(r.streamId(), r.writerId(), c.clientId);
        }
        work.execute(() -> guarded(c, r.requestId(), () -> {
            fs.queue.published(p.toString());
            return new Ack(r.requestId());
        }));
    }

    private void pollFiles(Connection c, PollFiles r) throws StreamRegistryException {
        FileStream fs = fileStream(r.streamId());
        synchronized (registry) {
            registry.addReader(r.streamId(), r.readerId(), c.clientId);
        }
        FileStream.Waiter w = fs.new Waiter(c.channel, c.applicationId, r);
        work.execute(() -> {
            if (w.tryServe(r.timeoutMs() <= 0 || isClosed(r.streamId()))) {
                return;
            }
            fs.waiters.add(w);
            // Paths may have arrived between the take and joining the waiters.
            w.tryServe(false);
            if (!w.isDone()) {
                w.setTimeout(timer.schedule(() -> work.execute(() -> w.tryServe(true)), r.timeoutMs(), TimeUnit.MILLISECONDS));
            }
        });
    }

    private FileStream fileStream(String streamId) throws StreamRegistryException {
        StreamMeta meta;
        synchronized (registry) {
            meta = registry.lookup(streamId, null);
        }
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
        synchronized (registry) {
            try {
                return registry.lookup(streamId, null).closed();
            } catch (StreamRegistryException e) {
                return false;
            }
        }
    }

    /**
     * Called holding {@link #readerCounts}: tells the application's reading clients their new
     * reader count, and starts the hand-over the change needs, if any (they are told again when it
     * ends).
     */
    private void tell(ObjectReaderCounts.Change change) {
        if (change == null) {
            return;
        }
        soloHandOvers.changed(change, () -> {
            synchronized (readerCounts) {
                tell(readerCounts.current(change.streamId(), change.applicationId()));
            }
        });
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
            for (Channel ch : channelsByClient.getOrDefault(client, Set.of())) {
                ch.writeAndFlush(push);
            }
        }
        FileStream fs = fileStreams.get(closed.stream().id());
        if (fs != null) {
            work.execute(() -> fs.wake(true));
        }
    }

    // ---------------------------------------------------------------- disconnected writers

    /** Called with the registry lock held: (re)arms the timer for the next expiry. */
    private void scheduleExpiry() {
        long next = registry.nextExpiry();
        if (next == Long.MAX_VALUE || (expiryTask != null && !expiryTask.isDone() && expiryAt <= next) || closed) {
            return;
        }
        if (expiryTask != null) {
            expiryTask.cancel(false);
        }
        expiryAt = next;
        expiryTask = timer.schedule(this::expire, Math.max(0, next - now()), TimeUnit.MILLISECONDS);
    }

    private void expire() {
        List<StreamRegistry.DroppedWriter> dropped;
        synchronized (registry) {
            dropped = registry.expire(now());
            expiryTask = null;
            expiryAt = Long.MAX_VALUE;
            scheduleExpiry();
        }
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

    private static StreamInfo info(long requestId, StreamMeta m) {
        return new StreamInfo(requestId, m.id(), m.alias(), m.type(), m.mode(), m.baseDir(), m.closed());
    }

    static void reply(Channel ch, StreamReply r) {
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(r);
        }
    }

    private static long now() {
        return System.nanoTime() / 1_000_000;
    }

    private static FileStreamQueue directoryQueue(String streamId, Path baseDir) throws BackendException {
        try {
            Files.createDirectories(baseDir);
            return new DirectoryFileStreamQueue(baseDir, FileStreamOptions.fromSystemProperties());
        } catch (IOException | RuntimeException e) {
            throw new BackendException("cannot watch base directory " + baseDir + " of file stream " + streamId + ": "
                    + e.getMessage(), e);
        }
    }
}
