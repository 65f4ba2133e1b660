package io.braid.streams.internals.client;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.settings.SettingSource;
import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.RegistrationException;
import io.braid.streams.StreamType;
import io.braid.streams.internals.backend.ClientScheduler;
import io.braid.streams.internals.backend.ObjectBackend;
import io.braid.streams.internals.protocol.Ack;
import io.braid.streams.internals.protocol.ApplicationProgress;
import io.braid.streams.internals.protocol.ApplicationReaders;
import io.braid.streams.internals.protocol.HandOver;
import io.braid.streams.internals.protocol.AwaitObjectStream;
import io.braid.streams.internals.protocol.ClientHello;
import io.braid.streams.internals.protocol.CloseWriter;
import io.braid.streams.internals.protocol.FilesPolled;
import io.braid.streams.internals.protocol.LookupStream;
import io.braid.streams.internals.protocol.PollFiles;
import io.braid.streams.internals.protocol.ProgressTotal;
import io.braid.streams.internals.protocol.PublishFile;
import io.braid.streams.internals.protocol.ObjectReaderClosed;
import io.braid.streams.internals.protocol.OpenObjectReader;
import io.braid.streams.internals.protocol.RegisterReader;
import io.braid.streams.internals.protocol.RegisterStream;
import io.braid.streams.internals.protocol.RegisterWriter;
import io.braid.streams.internals.protocol.ServerInfo;
import io.braid.streams.internals.protocol.ServerInfoRequest;
import io.braid.streams.internals.protocol.StreamInfo;
import io.braid.streams.internals.protocol.StreamMessage;
import io.braid.streams.internals.protocol.StreamReply;
import io.braid.streams.internals.protocol.StreamRequest;
import io.braid.streams.internals.protocol.StreamStatus;
import io.braid.streams.internals.settings.StreamSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * A process's stream client: registers and looks up streams, writers and readers, polls file
 * streams, and owns the process's object backend and background threads. One per process
 * ({@link #get()}); thread-safe. Its parts: the request connection ({@link ServerConnection}:
 * opens on first use, reopens on the next request after it drops, the server keeping this
 * client's writer roles for a grace period; every request has a timeout), the metadata cache
 * ({@link StreamCache}: the server pushes closings, {@link ClientPushes}), the process's object
 * readers ({@link LocalReaders}), its object backend ({@link ClientBackend}) and its one scheduler
 * ({@link ClientScheduler}).
 */
public final class DistroStreamClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DistroStreamClient.class);

    /** System property naming the stream server ({@code host:port}); wins over {@link #SERVER_ENV}. */
    public static final String SERVER_PROPERTY = StreamSettings.SERVER.property();
    /** Environment variable naming the stream server ({@code host:port}). */
    public static final String SERVER_ENV = StreamSettings.SERVER.environment();
    /** System property with the application id (readers of one application share records); wins over {@link #APP_ID_ENV}. */
    public static final String APP_ID_PROPERTY = StreamSettings.APP_ID.property();
    public static final String APP_ID_ENV = StreamSettings.APP_ID.environment();
    /** System property: timeout of a request to the server in ms (default 10000). */
    /**
     * System property: "true" makes a process that will use object streams get its backend ready
     * at start-up (braid-run sets it for workers when the run declares object streams).
     */
    public static final String PREPARE_PROPERTY = StreamSettings.PREPARE.property();
    public static final String TIMEOUT_PROPERTY = StreamSettings.REQUEST_TIMEOUT_MS.property();
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = StreamSettings.REQUEST_TIMEOUT_MS.defaultValue();
    /** Requests that may start the embedded Kafka broker wait this long. */
    static final long SLOW_REQUEST_TIMEOUT_MS = 120_000;

    private static final Object PROCESS_LOCK = new Object();
    private static DistroStreamClient processClient;

    private final String serverAddress;
    private final String applicationId;
    private final String clientId = UUID.randomUUID().toString();
    private final long requestTimeoutMs;
    private final ObjectBackendFactory backendFactory;
    private final AtomicLong nextHandle = new AtomicLong(1);
    private final ServerConnection connection;
    private final StreamCache cache = new StreamCache();
    private final LocalReaders readers = new LocalReaders();
    /** The process's background threads (handles, object backend). */
    private final ClientScheduler scheduler = new ClientScheduler("braid-streams");
    /** Object streams whose topic the server said exists. */
    private final Set<String> topicsReady = ConcurrentHashMap.newKeySet();
    /** The process's object backend. */
    private final ClientBackend backend;
    private volatile boolean closed;

    /**
     * A client of the server at {@code serverAddress} ({@code host:port}) for application
     * {@code applicationId} (null: {@link #APP_ID_PROPERTY}, {@link #APP_ID_ENV}, else a random
     * id). {@code backends} (null: Kafka) creates the object backend from the bootstrap address.
     */
    public DistroStreamClient(String serverAddress, String applicationId, ObjectBackendFactory backends) {
        this(serverAddress, applicationId, backends, StreamSettings.REQUEST_TIMEOUT_MS.get());
    }

    public DistroStreamClient(String serverAddress, String applicationId, ObjectBackendFactory backends,
                              long requestTimeoutMs) {
        this(serverAddress, applicationId, backends, requestTimeoutMs, null);
    }

    /**
     * As {@link #DistroStreamClient(String, String, ObjectBackendFactory, long)}, proving
     * {@code security}'s secret to the server (null: the process's, see {@link StreamSecurity}).
     */
    public DistroStreamClient(String serverAddress, String applicationId, ObjectBackendFactory backends,
                              long requestTimeoutMs, ConnectionSecurity security) {
        this.serverAddress = serverAddress;
        this.applicationId = applicationId != null ? applicationId : ProcessSettings.applicationId();
        this.backendFactory = backends != null ? backends : ObjectBackendFactory.KAFKA;
        this.requestTimeoutMs = requestTimeoutMs;
        this.connection = new ServerConnection(serverAddress, new ClientHello(clientId, this.applicationId),
                requestTimeoutMs, security, this::origin, new ClientPushes(readers, cache, serverAddress));
        this.backend = new ClientBackend(this.backendFactory, scheduler,
                () -> call(ServerInfoRequest::new, ServerInfo.class, SLOW_REQUEST_TIMEOUT_MS).kafkaBootstrap());
    }

    /**
     * This process's client, created on first call from {@link #SERVER_PROPERTY} or {@link #SERVER_ENV}.
     *
     * @throws BackendException when neither names a server
     */
    public static DistroStreamClient get() throws BackendException {
        synchronized (PROCESS_LOCK) {
            if (processClient == null || processClient.closed) {
                String address = ProcessSettings.serverAddress();
                if (address == null) {
                    throw new BackendException("no stream server configured: set the environment variable " + SERVER_ENV
                            + "=host:port (or the system property -D" + SERVER_PROPERTY + "=host:port) to the address"
                            + " printed by scripts/braid-stream-server; inside braid-run it is set for you");
                }
                try {
                    processClient = new DistroStreamClient(address, null, null,
                            StreamSettings.REQUEST_TIMEOUT_MS.get(),
                            StreamSecurity.forProcess(!StreamSettings.SERVER.fromProperty(SettingSource.system()), address));
                } catch (IllegalArgumentException e) {
                    throw new BackendException(e.getMessage() + " (from " + ProcessSettings.serverOrigin() + ")");
                }
            }
            return processClient;
        }
    }

    /**
     * Makes {@code client} this process's client (tests that simulate several processes in one
     * JVM switch between clients; handles deserialised afterwards use it). Returns the previous one.
     */
    public static DistroStreamClient install(DistroStreamClient client) {
        synchronized (PROCESS_LOCK) {
            DistroStreamClient previous = processClient;
            processClient = client;
            return previous;
        }
    }

    /**
     * Closes and forgets the process's client (at the end of a run); the next {@link #get()}
     * creates a new one (so does a test that wants a fresh client).
     */
    public static void closeProcessClient() {
        DistroStreamClient c = install(null);
        if (c != null) {
            try {
                c.close();
            } catch (BackendException e) {
                // The process is leaving: nothing can be retried, but the user must see it.
                System.err.println("[braid] WARNING: " + e.getMessage());
                LOG.warn("closing the stream client: {}", e.getMessage());
            }
        }
    }

    public String serverAddress() {
        return serverAddress;
    }

    public String applicationId() {
        return applicationId;
    }

    /** Unique per client (process); the server keys writer and reader ownership by it. */
    public String clientId() {
        return clientId;
    }

    /** A new id for a handle's writer or reader role, unique across processes. */
    public String newRoleId() {
        return clientId + "/" + nextHandle.getAndIncrement();
    }

    /** The process's background threads: handles and the object backend run their background work here. */
    public ClientScheduler scheduler() {
        return scheduler;
    }

    // ---------------------------------------------------------------- stream operations

    /** Creates a stream or attaches to the one named {@code alias}. */
    public StreamInfo register(StreamType type, String alias, ConsumerMode mode, String baseDir)
            throws RegistrationException {
        try {
            long timeout = type == StreamType.OBJECT ? SLOW_REQUEST_TIMEOUT_MS : requestTimeoutMs;
            StreamInfo info = call(id -> new RegisterStream(id, type, alias, mode, baseDir), StreamInfo.class, timeout);
            remember(info);
            return info;
        } catch (BackendException e) {
            throw new RegistrationException("cannot register " + (type == StreamType.OBJECT ? "object" : "file")
                    + " stream" + (alias == null ? "" : " '" + alias + "'") + ": " + e.getMessage(), e);
        }
    }

    /**
     * Waits until the object stream's topic exists: a server with an embedded broker replies to a
     * registration before the topic is created, so the first publisher and reader of a stream in
     * this process ask first (once per stream). Fails with the reason the topic could not be made.
     */
    public void awaitObjectStream(String streamId) throws BackendException {
        if (topicsReady.contains(streamId)) {
            return;
        }
        backend.objectStreamUsed();
        call(id -> new AwaitObjectStream(id, streamId), Ack.class, SLOW_REQUEST_TIMEOUT_MS);
        topicsReady.add(streamId);
    }

    /** A stream's metadata by id (from the cache when known). */
    public StreamInfo lookup(String streamId) throws BackendException {
        StreamInfo known = cache.info(streamId);
        if (known != null) {
            return known;
        }
        StreamInfo info = call(id -> new LookupStream(id, streamId, null), StreamInfo.class, requestTimeoutMs);
        remember(info);
        return info;
    }

    /** A stream's metadata by alias (asks the server). */
    public StreamInfo lookupAlias(String alias) throws BackendException {
        StreamInfo info = call(id -> new LookupStream(id, null, alias), StreamInfo.class, requestTimeoutMs);
        remember(info);
        return info;
    }

    public void registerWriter(String streamId, String writerId) throws BackendException {
        call(id -> new RegisterWriter(id, streamId, clientId, writerId), Ack.class, requestTimeoutMs);
    }

    /**
     * Object reader {@code readerId} starts reading the stream; returns the application's readers
     * on it now (the server pushes later changes, see {@link #readersOfApplication}; while a solo
     * reader hands over, {@link HandOver}, the count says so and the readers read nothing).
     */
    ApplicationReaders openObjectReader(String streamId, String readerId) throws BackendException {
        call(id -> new OpenObjectReader(id, streamId, readerId), Ack.class, requestTimeoutMs);
        return readersOfApplication(streamId);
    }

    /** Object reader {@code readerId} stopped reading the stream (one-way; a lost server forgets it anyway). */
    void objectReaderClosed(String streamId, String readerId) {
        try {
            send(new ObjectReaderClosed(streamId, readerId));
        } catch (BackendException e) {
            LOG.debug("could not tell the server that reader {} of {} closed: {}", readerId, streamId, e.getMessage());
        }
    }

    /** The application's object readers of the stream, as the server last said (0 readers: not known). */
    ApplicationReaders readersOfApplication(String streamId) {
        return readers.applicationReaders(streamId);
    }

    public void registerReader(String streamId, String readerId) throws BackendException {
        call(id -> new RegisterReader(id, streamId, clientId, readerId), Ack.class, requestTimeoutMs);
    }

    /** Writer {@code writerId} closes the stream; returns the stream's state afterwards. */
    public StreamInfo closeWriter(String streamId, String writerId) throws BackendException {
        StreamInfo info = call(id -> new CloseWriter(id, streamId, clientId, writerId), StreamInfo.class, requestTimeoutMs);
        remember(info);
        return info;
    }

    /**
     * Whether every writer has closed the stream: from the cache, which server pushes keep up to
     * date, else asked (a stream known closed stays closed).
     *
     * @throws BackendException naming the server when it must be asked and cannot be: "open" would
     *         be a guess, and a reader looping on it would spin while the server is gone
     */
    public boolean isClosed(String streamId) {
        Boolean known = cache.closedIfKnown(streamId);
        if (known != null) {
            return known;
        }
        try {
            StreamInfo info = call(id -> new StreamStatus(id, streamId), StreamInfo.class, requestTimeoutMs);
            remember(info);
            return info.closed();
        } catch (BackendException e) {
            if (cache.lastKnownClosed(streamId)) {
                return true; // a closed stream never opens again
            }
            throw new BackendException("cannot tell whether stream " + streamId + " is closed: the stream server at "
                    + serverAddress + " cannot be asked: " + e.getMessage(), e);
        }
    }

    /** Long poll of a file stream: paths as soon as there are some, at the latest after {@code timeoutMs}. */
    public FilesPolled pollFiles(String streamId, String readerId, long timeoutMs, int max) throws BackendException {
        FilesPolled polled = call(id -> new PollFiles(id, streamId, clientId, readerId, timeoutMs, max), FilesPolled.class,
                Math.max(0, timeoutMs) + requestTimeoutMs);
        if (polled.closed()) {
            cache.markClosed(streamId);
        }
        return polled;
    }

    public void publishFile(String streamId, String writerId, String path) throws BackendException {
        call(id -> new PublishFile(id, streamId, clientId, writerId, path), Ack.class, requestTimeoutMs);
    }

    /**
     * Reports that reader {@code readerId} of this client's application has accepted
     * {@code accepted} records of the stream in all; returns how many the application's readers
     * have accepted together, as reported so far.
     */
    public long applicationProgress(String streamId, String readerId, long accepted) throws BackendException {
        return call(id -> new ApplicationProgress(id, streamId, applicationId, readerId, accepted), ProgressTotal.class,
                requestTimeoutMs).accepted();
    }

    /** Sends a one-way message (no answer, no timeout). */
    void send(StreamMessage m) throws BackendException {
        connection.send(m);
    }

    /** Requests of {@code type} sent and not answered yet. */
    int pendingRequests(Class<? extends StreamRequest> type) {
        return connection.pendingOf(type);
    }

    LocalReaders readers() {
        return readers;
    }

    /**
     * The process's object backend, created on first use from the server's Kafka address (the
     * request may wait for the server to start its broker; closing the client never waits for it).
     */
    public ObjectBackend objectBackend() throws BackendException {
        return backend.get();
    }

    /**
     * Loads the backend's classes, then creates the object backend and warms it up
     * ({@link ObjectBackend#warmUp}) unless one of this process's streams already waits for its
     * topic: a process that will use object streams calls it ahead of time (e.g. on a background
     * thread at start-up). Does nothing once the backend exists.
     */
    public void prepareObjectBackend() throws BackendException {
        backend.prepare();
    }

    /**
     * {@link #prepareObjectBackend()} on the process's scheduler (a worker that will run object
     * stream tasks calls it at start-up); the future completes when it is done or failed.
     */
    public CompletableFuture<Void> prepareObjectBackendInBackground() {
        return backend.prepareInBackground();
    }

    /**
     * Closes this process's readers (they report their counts), the connection, the object
     * backend and the scheduler.
     *
     * @throws BackendException once everything is closed, when a reader's final count could not
     *         reach the server (the first such failure; later ones are suppressed in it)
     */
    @Override
    public void close() {
        BackendException reportLost = null;
        if (!closed) {
            for (ObjectReader r : readers.all()) {
                try {
                    r.close();
                } catch (BackendException e) {
                    if (reportLost == null) {
                        reportLost = e;
                    } else {
                        reportLost.addSuppressed(e);
                    }
                }
            }
        }
        if (!backend.close()) {
            return;
        }
        closed = true;
        connection.close();
        scheduler.close();
        if (reportLost != null) {
            throw reportLost;
        }
    }

    private void remember(StreamInfo info) {
        cache.remember(info);
    }

    // ---------------------------------------------------------------- requests

    private <R extends StreamReply> R call(LongFunction<StreamRequest> request, Class<R> replyType, long timeoutMs)
            throws BackendException {
        return connection.call(request, replyType, timeoutMs);
    }

    private String origin() {
        if (this != processClient) {
            return "the caller";
        }
        return ProcessSettings.serverOrigin();
    }
}
