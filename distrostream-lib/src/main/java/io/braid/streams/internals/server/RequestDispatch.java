package io.braid.streams.internals.server;

import io.braid.comm.message.Message;
import io.braid.streams.StreamType;
import io.braid.streams.internals.protocol.Ack;
import io.braid.streams.internals.protocol.ApplicationProgress;
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
import io.braid.streams.internals.protocol.ServerInfoRequest;
import io.braid.streams.internals.protocol.StreamClosedPush;
import io.braid.streams.internals.protocol.StreamRequest;
import io.braid.streams.internals.protocol.StreamStatus;
import io.braid.streams.internals.server.StreamRegistry.Closed;
import io.braid.streams.internals.server.StreamRegistry.StreamMeta;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static io.braid.streams.internals.server.ServerContext.failure;
import static io.braid.streams.internals.server.ServerContext.info;
import static io.braid.streams.internals.server.ServerContext.reply;

/**
 * The stream server's connections and requests, on its loop: a client's hello and departure, and
 * each message routed to the registry (streams, writers, readers, closing), to
 * {@link ObjectStreamRequests} or to {@link FileStreamRequests}; a request that fails is answered
 * with its error. A stream that closes (its last writer closed, or expired: {@link WriterExpiry})
 * is announced to the clients that know it.
 */
final class RequestDispatch {

    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatch.class);

    /** How long a second registration of a stream waits for the first one's backend. */
    static final long ATTACH_WAIT_MS = TimeUnit.MINUTES.toMillis(5);

    private final ServerContext ctx;
    private final ObjectStreamRequests objects;
    private final FileStreamRequests files;
    private final ProgressReports progress;
    private final WriterExpiry expiry;
    private final Set<StreamType> allowedTypes;
    private final String disallowedHint;

    RequestDispatch(ServerContext ctx, ObjectStreamRequests objects, FileStreamRequests files,
                    Set<StreamType> allowedTypes, String disallowedHint, BooleanSupplier serverClosed) {
        this.ctx = ctx;
        this.objects = objects;
        this.files = files;
        this.progress = new ProgressReports(ctx.registry);
        this.expiry = new WriterExpiry(ctx, this::announce, serverClosed);
        this.allowedTypes = Set.copyOf(allowedTypes);
        this.disallowedHint = disallowedHint;
    }

    /** One message from a connection. */
    void received(ClientConnection c, Message msg) {
        if (msg instanceof ClientHello hello) {
            hello(c, hello);
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
            objects.readerClosed(c, r);
        } else if (msg instanceof HandedOver h && c.clientId != null) {
            objects.handedOver(h);
        } else {
            LOG.warn("unexpected {} from {}, ignored", msg.getClass().getSimpleName(),
                    c.channel == null ? "?" : c.channel.remoteAddress());
        }
    }

    private void hello(ClientConnection c, ClientHello hello) {
        c.clientId = hello.clientId();
        c.applicationId = hello.applicationId();
        ctx.connected(hello.clientId(), c.channel);
        ctx.registry.clientConnected(hello.clientId());
        LOG.debug("client {} (application {}) connected from {}", hello.clientId(), hello.applicationId(),
                c.channel.remoteAddress());
    }

    /** A connection that had said hello ended. */
    void disconnected(ClientConnection c) {
        if (ctx.disconnected(c.clientId, c.channel)) {
            objects.clientGone(c.clientId);
        }
        Map<String, List<String>> readersGone = ctx.registry.clientDisconnected(c.clientId, ctx.clock.nowMs());
        expiry.schedule();
        files.clientDisconnected(c.channel, readersGone);
        LOG.debug("client {} disconnected", c.clientId);
    }

    /** The server closes: no more timers of its own. */
    void close() {
        expiry.cancel();
    }

    private void handle(ClientConnection c, StreamRequest request) {
        long id = request.requestId();
        try {
            if (request instanceof RegisterStream r) {
                register(c, r);
            } else if (request instanceof LookupStream r) {
                reply(c.channel, info(id, lookup(c, r)));
            } else if (request instanceof RegisterWriter r) {
                ctx.registry.addWriter(r.streamId(), r.writerId(), c.clientId);
                reply(c.channel, new Ack(id));
            } else if (request instanceof RegisterReader r) {
                ctx.registry.addReader(r.streamId(), r.readerId(), c.clientId);
                reply(c.channel, new Ack(id));
            } else if (request instanceof OpenObjectReader r) {
                objects.readerOpened(c, r);
            } else if (request instanceof CloseWriter r) {
                closeWriter(c, r);
            } else if (request instanceof StreamStatus r) {
                reply(c.channel, info(id, ctx.registry.lookup(r.streamId(), c.clientId)));
            } else if (request instanceof PollFiles r) {
                files.pollFiles(c, r);
            } else if (request instanceof PublishFile r) {
                files.publishFile(c, r);
            } else if (request instanceof ApplicationProgress r) {
                reply(c.channel, progress.answer(r));
            } else if (request instanceof AwaitObjectStream r) {
                objects.awaitObjectStream(c, r);
            } else if (request instanceof ServerInfoRequest) {
                objects.serverInfo(c, id);
            } else {
                reply(c.channel, new ErrorReply(id, ErrorReply.Kind.BACKEND, "unsupported request "
                        + request.getClass().getSimpleName()));
            }
        } catch (StreamRegistryException | RuntimeException e) {
            reply(c.channel, failure(c, id, e));
        }
    }

    private void register(ClientConnection c, RegisterStream r) throws StreamRegistryException {
        if (!allowedTypes.contains(r.type())) {
            throw new StreamRegistryException(ErrorReply.Kind.REGISTRATION, (r.type() == StreamType.OBJECT ? "object"
                    : "file") + " streams are disabled on this server" + disallowedHint);
        }
        StreamRegistry.Registration reg = ctx.registry.register(r.type(), r.alias(), r.mode(), r.baseDir(), c.clientId);
        StreamMeta meta = reg.stream();
        CompletableFuture<Void> readiness = ctx.ready.of(meta.id());
        if (!reg.created()) {
            attach(c, r.requestId(), meta);
        } else if (meta.type() == StreamType.OBJECT) {
            objects.create(c, r.requestId(), meta, readiness);
        } else {
            files.create(c, r.requestId(), meta, readiness);
        }
    }

    /**
     * A registration that attached to an existing stream: answered once the stream's backend is
     * ready, or after {@link #ATTACH_WAIT_MS} without it.
     */
    private void attach(ClientConnection c, long requestId, StreamMeta meta) {
        String what = "stream " + meta.id() + " ('" + meta.alias() + "') could not be set up: ";
        boolean[] answered = {false};
        LoopClock.Timeout giveUp = ctx.onLoopAfter(ATTACH_WAIT_MS, () -> {
            answered[0] = true;
            reply(c.channel, new ErrorReply(requestId, ErrorReply.Kind.BACKEND, what + "not ready within "
                    + ATTACH_WAIT_MS + " ms"));
        });
        ctx.ready.whenReady(meta.id(), failure -> {
            giveUp.cancel();
            if (!answered[0]) {
                reply(c.channel, failure == null ? info(requestId, meta)
                        : new ErrorReply(requestId, ErrorReply.Kind.BACKEND, what + failure));
            }
        });
    }

    private StreamMeta lookup(ClientConnection c, LookupStream r) throws StreamRegistryException {
        return r.streamId() != null ? ctx.registry.lookup(r.streamId(), c.clientId)
                : ctx.registry.lookupAlias(r.alias(), c.clientId);
    }

    /** A file stream's queue settles first ({@link FileStreamRequests#settleThen}); then the writer closes. */
    private void closeWriter(ClientConnection c, CloseWriter r) throws StreamRegistryException {
        boolean later = files.settleThen(r.streamId(), () -> {
            try {
                closeWriterNow(c, r);
            } catch (StreamRegistryException | RuntimeException failure) {
                reply(c.channel, failure(c, r.requestId(), failure));
            }
        });
        if (!later) {
            closeWriterNow(c, r);
        }
    }

    private void closeWriterNow(ClientConnection c, CloseWriter r) throws StreamRegistryException {
        Closed closed = ctx.registry.closeWriter(r.streamId(), r.writerId(), c.clientId);
        StreamMeta meta = ctx.registry.lookup(r.streamId(), null);
        if (closed != null) {
            LOG.info("stream {} closed (its last writer {} closed it)", meta.id(), r.writerId());
            announce(closed);
        }
        reply(c.channel, info(r.requestId(), meta));
    }

    /** Tells the clients that know a stream that it closed, and ends its waiting polls. */
    private void announce(Closed closed) {
        StreamClosedPush push = new StreamClosedPush(closed.stream().id());
        for (String client : closed.clients()) {
            ctx.sendToClient(client, push);
        }
        files.streamClosed(closed.stream().id());
    }
}
