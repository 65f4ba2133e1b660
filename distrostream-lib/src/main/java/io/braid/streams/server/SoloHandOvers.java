package io.braid.streams.server;

import io.braid.streams.BackendException;
import io.braid.streams.backend.Sharing;
import io.braid.streams.protocol.HandOver;
import io.braid.streams.server.ObjectReaderCounts.Change;
import io.braid.streams.server.ObjectReaderCounts.Reader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
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
 * Thread-safe; the backend's requests run on the server's work pool.
 */
final class SoloHandOvers {

    private static final Logger LOG = LoggerFactory.getLogger(SoloHandOvers.class);

    /** How long a solo reader's client has to hand over before its reader is fenced. */
    static final long HAND_OVER_WAIT_MS = 5_000;

    private final ObjectTopics topics;
    private final Executor work;
    /** Sends a hand-over request to a client's connections. */
    private final BiConsumer<String, ? super HandOver> ask;
    /** (stream id, application id) whose hand-over is in progress. */
    private final Set<List<String>> inProgress = ConcurrentHashMap.newKeySet();
    /** Solo readers asked to hand over: reader id -> (its client, answered: true; false when fenced instead). */
    private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();

    private record Waiting(String clientId, CompletableFuture<Boolean> answered) {
    }

    SoloHandOvers(ObjectTopics topics, Executor work, BiConsumer<String, ? super HandOver> ask) {
        this.topics = topics;
        this.work = work;
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
        List<String> key = List.of(streamId, applicationId);
        inProgress.add(key);
        CompletableFuture<Boolean> answered = new CompletableFuture<>();
        waiting.put(solo.readerId(), new Waiting(solo.clientId(), answered));
        ask.accept(solo.clientId(), new HandOver(streamId, solo.readerId()));
        answered.completeOnTimeout(false, HAND_OVER_WAIT_MS, TimeUnit.MILLISECONDS).thenAcceptAsync(inTime -> {
            waiting.remove(solo.readerId());
            if (!inTime) {
                LOG.warn("reader {} of stream {} did not hand over within {} ms: removed from its group, its later"
                        + " commits fail", solo.readerId(), streamId, HAND_OVER_WAIT_MS);
            }
            backend("start the share group", () -> topics.startSharing(streamId, applicationId, !inTime));
        }, work).whenComplete((v, e) -> {
            inProgress.remove(key);
            done.run();
        });
    }

    /** The solo reader of a client that disconnected: its group lets the next solo reader in at once. */
    private void lost(String streamId, String applicationId) {
        work.execute(() -> backend("release a lost reader's group",
                () -> topics.releaseSolo(streamId, applicationId)));
    }

    /** The client says reader {@code readerId} handed over (or it closed: nothing more to wait for). */
    void answered(String readerId) {
        Waiting w = waiting.get(readerId);
        if (w != null) {
            w.answered().complete(true);
        }
    }

    /** Every connection of the client is gone: its readers will commit nothing more. */
    void clientGone(String clientId) {
        for (Waiting w : waiting.values()) {
            if (w.clientId().equals(clientId)) {
                w.answered().complete(true);
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
