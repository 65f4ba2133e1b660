package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import io.braid.streams.internals.backend.Sharing;
import io.braid.streams.internals.protocol.HandOver;
import io.braid.streams.internals.server.ObjectReaderCounts.Change;
import io.braid.streams.internals.server.ObjectReaderCounts.Reader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Moves an application's reading of a stream from its solo reader's own consumer group to the
 * application's share group, when a second reader opens:
 * <ol>
 * <li>the solo reader's client is asked to hand over ({@link HandOver}); the reader commits what
 *     it accepted, leaves its group and the client answers ({@link #answered}). Meanwhile the
 *     application's readers are told a hand-over is in progress and read nothing; nobody's request
 *     waits for it (a program that polls its readers in turn from one thread goes on). A client
 *     that does not answer within {@link #HAND_OVER_WAIT_MS} has its reader removed from the group,
 *     after which that reader's commits fail (fenced);</li>
 * <li>{@link ObjectTopics#startSharing} starts the share group at the solo group's commits;</li>
 * <li>then the readers are told they share ({@code done}).</li>
 * </ol>
 * Called on the server's loop only (its state needs no lock); the hand-over's timeout is a timer
 * of the loop's clock, and the backend's requests run on the loop's backend pool.
 */
final class SoloHandOvers {

    private static final Logger LOG = LoggerFactory.getLogger(SoloHandOvers.class);

    /** How long a solo reader's client has to hand over before its reader is fenced. */
    static final long HAND_OVER_WAIT_MS = 5_000;

    private final ObjectTopics topics;
    private final ServerLoop loop;
    private final LoopClock clock;
    /** Sends a hand-over request to a client's connections. */
    private final BiConsumer<String, ? super HandOver> ask;
    /** (stream id, application id) whose hand-over is in progress. */
    private final Set<List<String>> inProgress = new HashSet<>();
    /** Solo readers asked to hand over: reader id -> what to do when it answers or its time is up. */
    private final Map<String, Waiting> waiting = new HashMap<>();

    /** A solo reader asked to hand over, until it answers or its time is up. */
    private final class Waiting {
        final String streamId;
        final String applicationId;
        final Reader solo;
        final Runnable done;
        LoopClock.Timeout timeout;

        Waiting(String streamId, String applicationId, Reader solo, Runnable done) {
            this.streamId = streamId;
            this.applicationId = applicationId;
            this.solo = solo;
            this.done = done;
        }

        /** {@code inTime}: the reader answered (false: fenced). Runs once: it is no longer waiting afterwards. */
        void finish(boolean inTime) {
            if (waiting.remove(solo.readerId(), this)) {
                timeout.cancel();
                startSharing(this, inTime);
            }
        }
    }

    SoloHandOvers(ObjectTopics topics, ServerLoop loop, LoopClock clock, BiConsumer<String, ? super HandOver> ask) {
        this.topics = topics;
        this.loop = loop;
        this.clock = clock;
        this.ask = ask;
    }

    /**
     * Acts on a change of the application's readers: starts the hand-over it asks for (then runs
     * {@code retell}, to tell the readers they share), or releases a lost solo reader's group.
     */
    void changed(Change change, Runnable retell) {
        if (change.handOver() != null) {
            start(change.streamId(), change.applicationId(), change.handOver(), retell);
        } else if (change.soloLost()) {
            lost(change.streamId(), change.applicationId());
        }
    }

    /** What to tell the application's readers with {@code change}'s count. */
    Sharing sharing(Change change) {
        return change.solo() ? Sharing.SOLO
                : inProgress.contains(List.of(change.streamId(), change.applicationId())) ? Sharing.HANDING_OVER
                : Sharing.SHARED;
    }

    /** Starts the hand-over of {@code solo}; runs {@code done} once the share group is ready. */
    private void start(String streamId, String applicationId, Reader solo, Runnable done) {
        inProgress.add(List.of(streamId, applicationId));
        Waiting w = new Waiting(streamId, applicationId, solo, done);
        waiting.put(solo.readerId(), w);
        w.timeout = clock.schedule(() -> loop.execute(() -> w.finish(false)), HAND_OVER_WAIT_MS);
        ask.accept(solo.clientId(), new HandOver(streamId, solo.readerId()));
    }

    private void startSharing(Waiting w, boolean inTime) {
        if (!inTime) {
            LOG.warn("reader {} of stream {} did not hand over within {} ms: removed from its group, its later"
                    + " commits fail", w.solo.readerId(), w.streamId, HAND_OVER_WAIT_MS);
        }
        loop.offload(() -> {
            backend("start the share group", () -> topics.startSharing(w.streamId, w.applicationId, !inTime));
            return null;
        }, (v, e) -> {
            inProgress.remove(List.of(w.streamId, w.applicationId));
            w.done.run();
        });
    }

    /** The solo reader of a client that disconnected: its group lets the next solo reader in at once. */
    private void lost(String streamId, String applicationId) {
        loop.offload(() -> backend("release a lost reader's group",
                () -> topics.releaseSolo(streamId, applicationId)));
    }

    /** The client says reader {@code readerId} handed over (or it closed: nothing more to wait for). */
    void answered(String readerId) {
        Waiting w = waiting.get(readerId);
        if (w != null) {
            w.finish(true);
        }
    }

    /** Every connection of the client is gone: its readers will commit nothing more. */
    void clientGone(String clientId) {
        for (Waiting w : List.copyOf(waiting.values())) {
            if (w.solo.clientId().equals(clientId)) {
                w.finish(true);
            }
        }
    }

    private interface BackendStep {
        void run() throws BackendException;
    }

    /**
     * A failure is logged: after a failed {@code startSharing} the readers share from where the
     * share group stood (the stream's start for the creating application): records the solo
     * reader took may come again.
     */
    private static void backend(String what, BackendStep step) {
        try {
            step.run();
        } catch (RuntimeException e) { // BackendException included
            LOG.error("could not {} for a stream's readers: {}", what, e.getMessage());
        }
    }
}
