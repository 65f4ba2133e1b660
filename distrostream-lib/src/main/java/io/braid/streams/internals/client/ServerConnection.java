package io.braid.streams.internals.client;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.message.Message;
import io.braid.comm.transport.MessageClient;
import io.braid.comm.transport.MessageHandler;
import io.braid.streams.BackendException;
import io.braid.streams.internals.protocol.ClientHello;
import io.braid.streams.internals.protocol.ErrorReply;
import io.braid.streams.internals.protocol.StreamMessage;
import io.braid.streams.internals.protocol.StreamReply;
import io.braid.streams.internals.protocol.StreamRequest;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * A client's request connection to the stream server: requests with their answers (each with a
 * timeout: a lost server gives a {@link BackendException} naming it, never a hang), one-way
 * messages, and the server's pushes handed to a {@link Listener}. It opens on first use and opens
 * again on the next request after it dropped. Thread-safe; the pushes arrive on its one Netty
 * thread.
 */
final class ServerConnection implements AutoCloseable {

    static final int CONNECT_TIMEOUT_MS = 5_000;

    /** What the connection tells its client. */
    interface Listener {
        /** A message the server sent without being asked; {@code from} is the connection it came on. */
        void pushed(StreamMessage push, Channel from);

        /** A connection was made (pushes may have been missed while there was none). */
        void connected();

        /** The connection dropped. */
        void lost();
    }

    private final String serverAddress;
    private final String host;
    private final int port;
    private final ClientHello hello;
    private final long requestTimeoutMs;
    /** Who named the server, for error messages. */
    private final Supplier<String> origin;
    private final Listener listener;
    /** What the connection proves; null: the process's, resolved at first connect. */
    private ConnectionSecurity security;
    private final AtomicLong nextRequestId = new AtomicLong(1);
    /** Requests sent and not answered yet, by id. */
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private MessageClient transport;
    private volatile Channel channel;
    private volatile boolean closed;

    private record Pending(StreamRequest request, CompletableFuture<StreamReply> reply) {
    }

    ServerConnection(String serverAddress, ClientHello hello, long requestTimeoutMs, ConnectionSecurity security,
                     Supplier<String> origin, Listener listener) {
        ServerAddress address = ServerAddress.parse(serverAddress);
        this.serverAddress = serverAddress;
        this.host = address.host();
        this.port = address.port();
        this.hello = hello;
        this.requestTimeoutMs = requestTimeoutMs;
        this.security = security;
        this.origin = origin;
        this.listener = listener;
    }

    String serverAddress() {
        return serverAddress;
    }

    /** Sends the request made from its id and waits up to {@code timeoutMs} for an answer of type {@code replyType}. */
    <R extends StreamReply> R call(LongFunction<StreamRequest> request, Class<R> replyType, long timeoutMs)
            throws BackendException {
        long id = nextRequestId.getAndIncrement();
        StreamRequest req = request.apply(id);
        CompletableFuture<StreamReply> future = new CompletableFuture<>();
        pending.put(id, new Pending(req, future));
        try {
            Channel ch = channel();
            ch.writeAndFlush(req).addListener(f -> {
                if (!f.isSuccess()) {
                    future.completeExceptionally(new BackendException("cannot send to stream server " + serverAddress
                            + ": " + f.cause(), f.cause()));
                }
            });
            StreamReply reply = future.get(timeoutMs, TimeUnit.MILLISECONDS);
            if (reply instanceof ErrorReply error) {
                throw new BackendException(error.message());
            }
            if (!replyType.isInstance(reply)) {
                throw new BackendException("stream server " + serverAddress + " answered " + name(req) + " with "
                        + reply.getClass().getSimpleName());
            }
            return replyType.cast(reply);
        } catch (TimeoutException e) {
            throw new BackendException("stream server " + serverAddress + " did not answer " + name(req) + " within "
                    + timeoutMs + " ms", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BackendException be) {
                throw new BackendException(be.getMessage(), be);
            }
            throw new BackendException("request " + name(req) + " to stream server " + serverAddress + " failed: "
                    + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("interrupted while waiting for stream server " + serverAddress, e);
        } finally {
            pending.remove(id);
        }
    }

    /** Requests of {@code type} waiting for their answer (tests look at what a client waits for). */
    int pendingOf(Class<? extends StreamRequest> type) {
        return (int) pending.values().stream().filter(p -> type.isInstance(p.request())).count();
    }

    /** Sends a one-way message (no answer, no timeout). */
    void send(StreamMessage m) throws BackendException {
        channel().writeAndFlush(m);
    }

    /** Fails the requests under way and closes the connection. */
    @Override
    public void close() {
        MessageClient t;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            t = transport;
            transport = null;
        }
        failPending(new BackendException("the stream client was closed"));
        if (t != null) {
            t.close();
        }
    }

    private static String name(StreamRequest r) {
        return r.getClass().getSimpleName();
    }

    private Channel channel() throws BackendException {
        Channel ch = channel;
        if (ch != null && ch.isActive()) {
            return ch;
        }
        synchronized (lock) {
            if (closed) {
                throw new BackendException("the stream client of this process is closed");
            }
            ch = channel;
            if (ch != null && ch.isActive()) {
                return ch;
            }
            if (transport == null) {
                if (security == null) {
                    security = ConnectionSecurity.process();
                }
                // A server that never completes the handshake costs no more than a request may take.
                transport = new MessageClient("stream-client", MessageClient.DEFAULT_THREADS, security.withHandshakeTimeoutMs(
                        Math.min(security.handshakeTimeoutMs(), requestTimeoutMs)));
            }
            try {
                ch = transport.connect("stream server", host, port, new Handler(), CONNECT_TIMEOUT_MS);
            } catch (IOException e) {
                throw new BackendException(e.getMessage() + " (set by " + origin.get() + ")", e);
            }
            listener.connected();
            ch.writeAndFlush(hello);
            channel = ch;
            return ch;
        }
    }

    private void failPending(BackendException e) {
        for (Long id : List.copyOf(pending.keySet())) {
            Pending p = pending.remove(id);
            if (p != null) {
                p.reply().completeExceptionally(e);
            }
        }
    }

    /** The handler of one connection to the server. */
    private final class Handler extends MessageHandler {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            if (msg instanceof StreamReply reply) {
                Pending p = pending.get(reply.requestId());
                if (p != null) {
                    p.reply().complete(reply);
                }
            } else if (msg instanceof StreamMessage push) {
                listener.pushed(push, ctx.channel());
            } else {
                log.warn("unexpected {} from stream server {}, ignored", msg.getClass().getSimpleName(), serverAddress);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (channel == ctx.channel()) {
                channel = null;
            }
            listener.lost();
            if (!closed) {
                failPending(new BackendException("connection to stream server " + serverAddress + " lost"));
            }
            super.channelInactive(ctx);
        }
    }
}
