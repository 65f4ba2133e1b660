package io.braid.streams.internals.client;

import io.braid.streams.internals.protocol.ApplicationReaders;
import io.braid.streams.internals.protocol.HandOver;
import io.braid.streams.internals.protocol.HandedOver;
import io.braid.streams.internals.protocol.ReaderProgress;
import io.braid.streams.internals.protocol.StreamClosedPush;
import io.braid.streams.internals.protocol.StreamMessage;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the stream server pushes to a client, and what a connection's coming and going means for
 * its cache: reader counts and hand-overs go to the process's readers, a closing to the cache
 * (and the readers of that stream report their counts, so that the drains of other readers of
 * the application can end).
 */
final class ClientPushes implements ServerConnection.Listener {

    private static final Logger LOG = LoggerFactory.getLogger(ClientPushes.class);

    private final LocalReaders readers;
    private final StreamCache cache;
    private final String serverAddress;

    ClientPushes(LocalReaders readers, StreamCache cache, String serverAddress) {
        this.readers = readers;
        this.cache = cache;
        this.serverAddress = serverAddress;
    }

    @Override
    public void pushed(StreamMessage msg, Channel from) {
        if (msg instanceof ApplicationReaders push) {
            readers.applicationReaders(push);
        } else if (msg instanceof HandOver push) {
            readers.handOver(push).whenComplete((v, e) -> from.writeAndFlush(
                    new HandedOver(push.streamId(), push.readerId())));
        } else if (msg instanceof StreamClosedPush push) {
            cache.markClosed(push.streamId());
            // Readers' counts let the drains of other readers of this application end.
            for (ObjectReader r : readers.of(push.streamId())) {
                ReaderProgress p = r.progressReport();
                if (p != null) {
                    from.writeAndFlush(p);
                }
            }
        } else {
            LOG.warn("unexpected {} from stream server {}, ignored", msg.getClass().getSimpleName(), serverAddress);
        }
    }

    @Override
    public void connected() {
        cache.unverifyAll();
    }

    @Override
    public void lost() {
        cache.unverifyAll();
    }
}
