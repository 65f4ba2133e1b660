package io.braid.streams.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The open object readers of each (stream, application), so that their clients can be told how
 * many there are (a reader alone acquires records in bulk, readers that share acquire few at a
 * time). Pure: the server calls it under its own lock and sends the {@link Change}s it returns.
 */
final class ObjectReaderCounts {

    /** The application's reader count of a stream changed: tell {@code clients} (their readers of it). */
    record Change(String streamId, int readers, Set<String> clients) {
    }

    /** stream id -> application id -> reader id -> owner client. */
    private final Map<String, Map<String, Map<String, String>>> readers = new HashMap<>();
    /** client id -> its application (clients with open readers). */
    private final Map<String, String> applications = new HashMap<>();

    /** Reader {@code readerId} of {@code clientId} (application {@code applicationId}) opened. */
    Change opened(String streamId, String applicationId, String readerId, String clientId) {
        applications.put(clientId, applicationId);
        Map<String, String> app = readers.computeIfAbsent(streamId, s -> new HashMap<>())
                .computeIfAbsent(applicationId, a -> new HashMap<>());
        app.put(readerId, clientId);
        return change(streamId, app);
    }

    /** Reader {@code readerId} closed; null when it was not open. */
    Change closed(String streamId, String applicationId, String readerId) {
        Map<String, Map<String, String>> byApp = readers.get(streamId);
        Map<String, String> app = byApp == null ? null : byApp.get(applicationId);
        if (app == null || app.remove(readerId) == null) {
            return null;
        }
        Change c = change(streamId, app);
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
                changes.add(change(streamId, app));
                forgetIfEmpty(streamId, applicationId);
            }
        }
        return changes;
    }

    /** Open readers of the stream for the application. */
    int count(String streamId, String applicationId) {
        Map<String, Map<String, String>> byApp = readers.get(streamId);
        Map<String, String> app = byApp == null ? null : byApp.get(applicationId);
        return app == null ? 0 : app.size();
    }

    private static Change change(String streamId, Map<String, String> app) {
        return new Change(streamId, app.size(), new LinkedHashSet<>(app.values()));
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
