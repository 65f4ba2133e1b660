package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import io.braid.streams.StreamType;
import io.braid.streams.internals.protocol.ErrorReply;
import io.braid.streams.internals.protocol.StreamInfo;
import io.braid.streams.internals.protocol.StreamMessage;
import io.braid.streams.internals.protocol.StreamReply;
import io.braid.streams.internals.server.StreamRegistry.StreamMeta;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What the stream server's request handlers ({@link RequestDispatch}, {@link ObjectStreamRequests},
 * {@link FileStreamRequests}) share, all of it owned by the server's loop: the registry, the
 * readiness of new streams' backends, the channels of each client (to reply and push), the clock,
 * and the steps every handler needs (replies, a request's failure, blocking calls answered back
 * on the loop). One object, so that the handlers need no reference to each other for these.
 */
final class ServerContext {

    private static final Logger LOG = LoggerFactory.getLogger(ServerContext.class);

    final ServerLoop loop;
    final LoopClock clock;
    final StreamRegistry registry;
    /** When a new stream's backend (topic, file queue) is ready; attachers and first users wait for it. */
    final StreamReadiness ready;
    /** The connections of each client (a client may have several); a client's empty set stays until its writers expire. */
    private final Map<String, Set<Channel>> channelsByClient = new HashMap<>();

    ServerContext(ServerLoop loop, LoopClock clock, StreamRegistry registry, StreamReadiness ready) {
        this.loop = loop;
        this.clock = clock;
        this.registry = registry;
        this.ready = ready;
    }

    // ---------------------------------------------------------------- clients' channels

    void connected(String clientId, Channel channel) {
        channelsByClient.computeIfAbsent(clientId, k -> new LinkedHashSet<>()).add(channel);
    }

    /** Forgets {@code channel} of {@code clientId}; true when the client has no connection left. */
    boolean disconnected(String clientId, Channel channel) {
        Set<Channel> channels = channelsByClient.get(clientId);
        if (channels != null) {
            channels.remove(channel);
        }
        return channels == null || channels.isEmpty();
    }

    /** Drops the clients with no connection left (once their writer roles expired). */
    void forgetGoneClients() {
        channelsByClient.entrySet().removeIf(e -> e.getValue().isEmpty());
    }

    void sendToClient(String clientId, StreamMessage m) {
        for (Channel ch : channelsByClient.getOrDefault(clientId, Set.of())) {
            ch.writeAndFlush(m);
        }
    }

    // ---------------------------------------------------------------- replies

    static void reply(Channel ch, StreamReply r) {
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(r);
        }
    }

    static StreamInfo info(long requestId, StreamMeta m) {
        return new StreamInfo(requestId, m.id(), m.alias(), m.type(), m.mode(), m.baseDir(), m.closed());
    }

    /** The reply to a request of {@code c} that failed with {@code e}. */
    static StreamReply failure(ClientConnection c, long requestId, Throwable e) {
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
    <T> void answerLater(ClientConnection c, long requestId, ServerLoop.Blocking<T> call,
                         Function<T, StreamReply> answer) {
        loop.offload(call, (result, e) -> reply(c.channel, e == null ? answer.apply(result) : failure(c, requestId, e)));
    }

    /** On the loop, once a new stream's backend is set up or failed ({@code e}): completes its readiness, replies. */
    void created(ClientConnection c, long requestId, StreamMeta meta, CompletableFuture<Void> readiness, Throwable e) {
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

    // ---------------------------------------------------------------- helpers

    /** Runs {@code task} on the loop once {@code delayMs} have passed on the clock. */
    LoopClock.Timeout onLoopAfter(long delayMs, Runnable task) {
        return clock.schedule(() -> loop.execute(task), delayMs);
    }

    /** Whether the stream is closed (an unknown stream is not). */
    boolean isClosed(String streamId) {
        try {
            return registry.lookup(streamId, null).closed();
        } catch (StreamRegistryException e) {
            return false;
        }
    }
}
