package io.braid.streams.internals.client;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.FileStreamQueue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Test double of the directory queue: only published paths count; per-application cursors. */
public final class InMemoryFileQueue implements FileStreamQueue {

    private final List<String> paths = new ArrayList<>();
    private final Map<String, Integer> cursorByApp = new ConcurrentHashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    public final Set<String> readersGone = ConcurrentHashMap.newKeySet();
    public volatile boolean closed;
    /** Counted down by the first {@link #take} (a poll reached the queue). */
    public final java.util.concurrent.CountDownLatch taken = new java.util.concurrent.CountDownLatch(1);

    @Override
    public synchronized List<String> take(String applicationId, String readerId, ConsumerMode mode, int max) {
        taken.countDown();
        int from = cursorByApp.getOrDefault(applicationId, 0);
        int to = (int) Math.min(paths.size(), (long) from + max);
        cursorByApp.put(applicationId, to);
        return new ArrayList<>(paths.subList(from, to));
    }

    @Override
    public void readerGone(String readerId) {
        readersGone.add(readerId);
    }

    @Override
    public void published(String absolutePath) {
        synchronized (this) {
            if (new LinkedHashSet<>(paths).contains(absolutePath)) {
                return;
            }
            paths.add(absolutePath);
        }
        listeners.forEach(Runnable::run);
    }

    @Override
    public void onAvailable(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public void close() {
        closed = true;
    }
}
