package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.protocol.StreamInfo;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What object and file handles share: the stream's metadata (all that is serialised), the
 * process's client (found again after deserialisation), and this handle's writer and reader
 * roles, registered with the server on first publish and first poll.
 */
abstract class StreamHandle<T> implements DistroStream<T>, Serializable {

    private static final long serialVersionUID = 1L;

    static {
        StreamHandles.install(new StreamHandles.Hooks() {
            @Override
            public void restrict(DistroStream<?> handle, StreamAccess access) {
                handle(handle).access = Objects.requireNonNull(access, "access");
            }

            @Override
            public StreamAccess access(DistroStream<?> handle) {
                return handle(handle).access;
            }

            @Override
            public void bindWriter(DistroStream<?> handle, String writerId) {
                StreamHandle<?> h = handle(handle);
                synchronized (h.roleLock()) {
                    h.writerId = Objects.requireNonNull(writerId, "writerId");
                    h.writerRegistered = false;
                    h.writerClosed = false;
                }
            }

            @Override
            public void closeReader(DistroStream<?> handle) {
                handle(handle).closeReader();
            }

            @Override
            public void prepare(DistroStream<?> handle) {
                handle(handle).prepare();
            }

            @Override
            public void close(DistroStream<?> handle) throws BackendException {
                handle(handle).closeWriter();
            }

            @Override
            public void flush(DistroStream<?> handle) throws BackendException {
                handle(handle).beforeClose();
            }

            @Override
            public boolean exchanged(DistroStream<?> handle) {
                return handle(handle).exchanged;
            }

            @Override
            public DistroStream<?> attach(StreamInfo info) {
                ExistingStream stream = new ExistingStream(info.streamId(), info.alias(), info.type(), info.mode(),
                        info.baseDir());
                return stream.type() == StreamType.FILE ? new FileDistroStream(stream) : new ObjectDistroStream<>(stream);
            }

            private StreamHandle<?> handle(DistroStream<?> handle) {
                if (handle instanceof StreamHandle<?> h) {
                    return h;
                }
                throw new IllegalArgumentException("not a Braid stream handle: " + handle.getClass().getName());
            }
        });
    }

    private final String id;
    private final String alias;
    private final StreamType type;
    private final ConsumerMode mode;
    private volatile StreamAccess access = StreamAccess.READ_WRITE;

    private transient volatile DistroStreamClient client;
    private transient volatile Object roleLock;
    private transient volatile Object readLock;
    private transient String writerId;
    private transient boolean writerRegistered;
    private transient boolean writerClosed;
    private transient String readerId;
    private transient boolean readerRegistered;
    /** This handle published (or tried to) or took an element; read by the task runtime. */
    private transient volatile boolean exchanged;

    /** Registers (or attaches by alias to) a stream through this process's client. */
    StreamHandle(StreamType type, String alias, ConsumerMode mode, String baseDir) throws RegistrationException {
        DistroStreamClient c;
        try {
            c = DistroStreamClient.get();
        } catch (BackendException e) {
            throw new RegistrationException(e.getMessage(), e);
        }
        StreamInfo info = c.register(type, alias, mode == null ? ConsumerMode.AT_MOST_ONCE : mode, baseDir);
        this.client = c;
        this.id = info.streamId();
        this.alias = info.alias();
        this.type = info.type();
        this.mode = info.mode();
        afterRegistration(info);
    }

    /** A handle on a stream that exists (its metadata from the server), registering nothing. */
    StreamHandle(ExistingStream stream) {
        this.id = stream.id();
        this.alias = stream.alias();
        this.type = stream.type();
        this.mode = stream.mode();
    }

    /** Lets a subclass take the server's metadata (a file stream's base directory). */
    void afterRegistration(StreamInfo info) {
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String getAlias() {
        return alias;
    }

    @Override
    public StreamType getStreamType() {
        return type;
    }

    @Override
    public ConsumerMode getConsumerMode() {
        return mode;
    }

    @Override
    public void publish(T element) throws BackendException {
        publish(java.util.Collections.singletonList(element));
    }

    @Override
    public List<T> poll() throws BackendException {
        return poll(0);
    }

    /** {@inheritDoc} Throws {@link BackendException}, naming the server, when the stream server cannot be asked. */
    @Override
    public boolean isClosed() {
        return client().isClosed(id);
    }

    /** This handle's writer stops writing; a handle that only reads here does nothing. */
    @Override
    public void close() throws BackendException {
        closeWriter();
    }

    /** {@link #close()}, for the task runtime (a task whose close fails fails). */
    void closeWriter() throws BackendException {
        if (access == StreamAccess.READ_ONLY) {
            return;
        }
        String w;
        synchronized (roleLock()) {
            if (writerClosed) {
                return;
            }
            w = writerId();
        }
        beforeClose();
        client().closeWriter(id, w);
        synchronized (roleLock()) {
            writerClosed = true;
        }
    }

    /** Finishes what this handle's writer has under way before it closes. */
    void beforeClose() throws BackendException {
    }

    /** Gets the handle's roles ready in the background (see {@link StreamHandles#prepare}). */
    void prepare() {
    }

    StreamAccess access() {
        return access;
    }

    /** This handle stops reading for now; a later poll reads again as a new reader. */
    void closeReader() {
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + id + (alias == null ? "" : " '" + alias + "'") + ", " + mode + "]";
    }

    // ---------------------------------------------------------------- for subclasses

    DistroStreamClient client() throws BackendException {
        DistroStreamClient c = client;
        if (c == null) {
            c = DistroStreamClient.get();
            client = c;
        }
        return c;
    }

    /** Checks this handle may publish and registers its writer on first use; returns the writer id. */
    String beginPublish() throws BackendException {
        if (access == StreamAccess.READ_ONLY) {
            throw new BackendException("cannot publish on stream " + describe() + ": it is only read here"
                    + " (a task that takes a stream as input may poll it, not publish on it)");
        }
        synchronized (roleLock()) {
            if (writerClosed) {
                throw new BackendException("cannot publish on stream " + describe() + ": this handle has closed it");
            }
            String w = writerId();
            if (!writerRegistered) {
                client().registerWriter(id, w);
                writerRegistered = true;
            }
            exchanged = true;
            return w;
        }
    }

    /** Checks this handle may poll and registers its reader on first use (when {@code register}); returns the reader id. */
    String beginPoll(boolean register) throws BackendException {
        if (access == StreamAccess.WRITE_ONLY) {
            throw new BackendException("cannot poll stream " + describe() + ": it is only written here"
                    + " (a task that produces a stream may publish on it, not poll it)");
        }
        synchronized (roleLock()) {
            if (readerId == null) {
                readerId = client().newRoleId();
            }
            if (register && !readerRegistered) {
                client().registerReader(id, readerId);
                readerRegistered = true;
            }
            return readerId;
        }
    }

    /** Returns {@code taken}, noting that this handle took elements when it did. */
    <E> List<E> took(List<E> taken) {
        if (!taken.isEmpty()) {
            exchanged = true;
        }
        return taken;
    }

    /** Polls of one handle run one at a time (its backend reader is not shared by threads). */
    Object readLock() {
        Object l = readLock;
        if (l == null) {
            synchronized (this) {
                l = readLock;
                if (l == null) {
                    l = new Object();
                    readLock = l;
                }
            }
        }
        return l;
    }

    String describe() {
        return alias == null ? id : id + " ('" + alias + "')";
    }

    private String writerId() throws BackendException {
        if (writerId == null) {
            writerId = client().newRoleId();
        }
        return writerId;
    }

    private Object roleLock() {
        Object l = roleLock;
        if (l == null) {
            synchronized (this) {
                l = roleLock;
                if (l == null) {
                    l = new Object();
                    roleLock = l;
                }
            }
        }
        return l;
    }
}
