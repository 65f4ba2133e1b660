package io.braid.streams.internals.server;

import io.braid.streams.internals.protocol.Ack;
import io.braid.streams.internals.protocol.ApplicationReaders;
import io.braid.streams.internals.protocol.AwaitObjectStream;
import io.braid.streams.internals.protocol.ErrorReply;
import io.braid.streams.internals.protocol.HandedOver;
import io.braid.streams.internals.protocol.ObjectReaderClosed;
import io.braid.streams.internals.protocol.OpenObjectReader;
import io.braid.streams.internals.protocol.ServerInfo;
import io.braid.streams.internals.server.StreamRegistry.StreamMeta;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;

import static io.braid.streams.internals.server.ServerContext.info;
import static io.braid.streams.internals.server.ServerContext.reply;

/**
 * The stream server's object-stream requests, on its loop: creating a new stream's Kafka topic
 * ({@link ObjectTopics}, in the background with an embedded broker), answering clients that wait
 * for it, the Kafka address, and the readers of each application: their count, pushed to the
 * application's readers on every change, and the hand-over of a solo reader when a second one
 * opens ({@link SoloHandOvers}).
 */
final class ObjectStreamRequests {

    private static final Logger LOG = LoggerFactory.getLogger(ObjectStreamRequests.class);

    private final ServerContext ctx;
    private final ObjectTopics topics;
    private final ObjectReaderCounts readerCounts = new ObjectReaderCounts();
    /** Moves an application's reading from its solo reader's group to its share group when a second reader opens. */
    private final SoloHandOvers soloHandOvers;

    ObjectStreamRequests(ServerContext ctx, ObjectTopics topics) {
        this.ctx = ctx;
        this.topics = topics;
        this.soloHandOvers = new SoloHandOvers(topics, ctx.loop, ctx.clock, ctx::sendToClient);
    }

    /** A new object stream: its topic is created (the reply comes first when that runs in the background). */
    void create(ClientConnection c, long requestId, StreamMeta meta, CompletableFuture<Void> readiness) {
        if (topics.createsTopicsInBackground()) {
            ctx.ready.createTopicInBackground(meta.id(), c.applicationId);
            LOG.info("object stream {} registered{} (its topic is being created)", meta.id(),
                    meta.alias() == null ? "" : " as '" + meta.alias() + "'");
            reply(c.channel, info(requestId, meta));
            return;
        }
        ctx.loop.offload(() -> {
            topics.createTopic(meta.id(), c.applicationId);
            return null;
        }, (v, e) -> ctx.created(c, requestId, meta, readiness, e));
    }

    /** Replies once the stream's topic exists (at once if it does), or with why it could not be created. */
    void awaitObjectStream(ClientConnection c, AwaitObjectStream r) throws StreamRegistryException {
        ctx.registry.lookup(r.streamId(), c.clientId); // an unknown id is an error
        ctx.ready.whenReady(r.streamId(), failure -> reply(c.channel, failure == null ? new Ack(r.requestId())
                : new ErrorReply(r.requestId(), ErrorReply.Kind.BACKEND, "stream " + r.streamId()
                        + " could not be set up: " + failure)));
    }

    /** The Kafka address clients make their producers and consumers with (may start the embedded broker). */
    void serverInfo(ClientConnection c, long requestId) {
        ctx.answerLater(c, requestId, topics::bootstrap, bootstrap -> new ServerInfo(requestId, bootstrap));
    }

    void readerOpened(ClientConnection c, OpenObjectReader r) {
        tell(readerCounts.opened(r.streamId(), c.applicationId, r.readerId(), c.clientId));
        reply(c.channel, new Ack(r.requestId()));
    }

    void readerClosed(ClientConnection c, ObjectReaderClosed r) {
        tell(readerCounts.closed(r.streamId(), c.applicationId, r.readerId()));
        soloHandOvers.answered(r.readerId());
    }

    void handedOver(HandedOver h) {
        soloHandOvers.answered(h.readerId());
    }

    /** Every connection of the client is gone: so are its readers. */
    void clientGone(String clientId) {
        readerCounts.clientGone(clientId).forEach(this::tell);
        soloHandOvers.clientGone(clientId);
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
        change.clients().forEach(client -> ctx.sendToClient(client, push));
    }
}
