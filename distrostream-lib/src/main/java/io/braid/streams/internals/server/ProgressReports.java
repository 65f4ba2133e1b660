package io.braid.streams.internals.server;

import io.braid.streams.internals.protocol.ApplicationProgress;
import io.braid.streams.internals.protocol.ProgressTotal;
import io.braid.streams.internals.protocol.ReaderProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of object-stream drains: readers report how many records they have accepted
 * (one-way {@link ReaderProgress}, or {@link ApplicationProgress} that also asks for the total),
 * and a draining reader learns its application's total from the registry. On the server's loop.
 */
final class ProgressReports {

    private static final Logger LOG = LoggerFactory.getLogger(ProgressReports.class);

    private final StreamRegistry registry;

    ProgressReports(StreamRegistry registry) {
        this.registry = registry;
    }

    /** A one-way report: nobody waits for an answer, so a report on an unknown stream is only logged. */
    void report(ReaderProgress p) {
        try {
            registry.reportAccepted(p.streamId(), p.applicationId(), p.readerId(), p.accepted());
        } catch (StreamRegistryException | RuntimeException e) {
            LOG.debug("progress report {} ignored: {}", p, e.getMessage());
        }
    }

    ProgressTotal answer(ApplicationProgress r) throws StreamRegistryException {
        long total = registry.reportAccepted(r.streamId(), r.applicationId(), r.readerId(), r.accepted());
        return new ProgressTotal(r.requestId(), total);
    }
}
