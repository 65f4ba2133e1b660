package io.braid.streams.internals.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The open object readers of each (stream, application), so that their clients can be told how
 * many there are (a reader alone acquires records in bulk, readers that share acquire few at a
 * time), and whether the application's readers of the stream are still <em>solo</em>: until two
 * of them are open at once, its one reader may read alone (a classic consumer of its own); when a
 * second opens, the first must hand over, and from then on they share for good. Pure: the server
 * calls it under its own lock and acts on the {@link Change}s it returns.
 */
final class ObjectReaderCounts {

    /**
     * The application's reader count of a stream changed: tell {@code clients} (their readers of
     * it). {@code handOver}: the solo reader that must hand over (a second reader opened).
     * {@code soloLost}: the solo reader's client disconnected without closing it.
     */
    record Change(String streamId, String applicationId, int readers, boolean solo, Set<String> clients,
            Reader handOver, boolean soloLost) {
    }

    /** An open reader and the client that owns it. */
    record Reader(String readerId, String clientId) {
    }

    /** stream id -> application id -> reader id -> owner client. */
    private final Map<String, Map<String, Map<String, String>>> readers = new HashMap<>();
    /** client id -> its application (clients with open readers). */
    private final Map<String, String> applications = new HashMap<>();
    /** (stream id, application id) whose readers have read together: never solo again. */
    private final Set<List<String>> shared = new HashSet<>();

    /** Reader {@code readerId} of {@code clientId} (application {@code applicationId}) opened. */
    Change opened(String streamId, String applicationId, String readerId, String clientId) {
        applications.put(clientId, applicationId);
        Map<String, String> app = readers.computeIfAbsent(streamId, s -> new HashMap<>())
                .computeIfAbsent(applicationId, a -> new HashMap<>());
        app.put(readerId, clientId);
        Reader handOver = null;
        if (app.size() >= 2 && shared.add(List.of(streamId, applicationId))) {
            for (Map.Entry<String, String> e : app.entrySet()) {
                if (!e.getKey().equals(readerId)) {
                    handOver = new Reader(e.getKey(), e.getValue());
                }
            }
        }
        return change(streamId, applicationId, app, handOver, false);
    }

    /** Reader {@code readerId} closed; null when it was not open. */
    Change closed(String streamId, String applicationId, String readerId) {
        Map<String, Map<String, String>> byApp = readers.get(streamId);
        Map<String, String> app = byApp == null ? null : byApp.get(applicationId);
        if (app == null || app.remove(readerId) == null) {
            return null;
        }
        Change c = change(streamId, applicationId, app, null, false);
        forgetIfEmpty(streamId, applicationId);
        return c;
    }

    /** Every connection of {@code clientId} is gone: so are its readers. */
    List<Change> clientGone(String clientId) {
        String applicationId = applications.remove(clientId);
        List<Change> changes = new ArrayList<>();
        if (applicationId == null) {
            return changes;
        }
        for (String streamId : List.copyOf(readers.keySet())) {
            Map<String, String> app = readers.get(streamId).get(applicationId);
            if (app != null && app.values().removeIf(clientId::equals)) {
                changes.add(change(streamId, applicationId, app, null, !isShared(streamId, applicationId)));
                forgetIfEmpty(streamId, applicationId);
            }
        }
        return changes;
    }

    /** The application's readers of the stream as they are now (for a push after a hand-over). */
    Change current(String streamId, String applicationId) {
        Map<String, Map<String, String>> byApp = readers.get(streamId);
        Map<String, String> app = byApp == null ? null : byApp.get(applicationId);
        return change(streamId, applicationId, app == null ? Map.of() : app, null, false);
    }

    /** Open readers of the stream for the application. */
    int count(String streamId, String applicationId) {
        Map<String, Map<String, String>> byApp = readers.get(streamId);
        Map<String, String> app = byApp == null ? null : byApp.get(applicationId);
        return app == null ? 0 : app.size();
    }

    /** Whether the application's readers of the stream have read together (or still may read alone). */
    boolean isShared(String streamId, String applicationId) {
        return shared.contains(List.of(streamId, applicationId));
    }

    private Change change(String streamId, String applicationId, Map<String, String> app, Reader handOver,
            boolean soloLost) {
        return new Change(streamId, applicationId, app.size(), !isShared(streamId, applicationId),
                new LinkedHashSet<>(app.values()), handOver, soloLost);
    }

    private void forgetIfEmpty(String streamId, String applicationId) {
        Map<String, Map<String, String>> byApp = readers.get(streamId);
        if (byApp.get(applicationId).isEmpty()) {
            byApp.remove(applicationId);
            if (byApp.isEmpty()) {
                readers.remove(streamId);
            }
        }
    }
}
