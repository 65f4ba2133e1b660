package io.braid.worker.execution.taskprocess;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The persistent task processes of one language, one per key (an executor, or an executor and a
 * library): the first task of a key starts its process, later ones reuse it. A process that died
 * running a task (which fails with {@link TaskProcessDiedException}) is dropped and the key's next
 * task starts a new one; a process found dead when a task comes (killed between tasks: not alive,
 * or its pipe closed, {@link TaskNotDeliveredException}) is replaced and the task goes to the new
 * one, once.
 *
 * <p>Each executor runs one task at a time (the worker's slots), so a process is never shared
 * by two threads.
 *
 * <p>{@link #prestart} starts processes ahead of their keys (<em>spares</em>, in the background): a
 * key that has no process takes a spare (waiting for it if it is still starting) before it starts
 * one of its own. So the first task of every executor does not pay for a process start, which
 * would otherwise land in the middle of the run, and in the first epoch of an auto constraint's
 * learning (docs/PYTHON.md, "I/O tasks").
 */
public final class TaskProcesses<K, P extends TaskProcess> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TaskProcesses.class);

    /** Starts the process of a key. */
    public interface Starter<K, P> {
        P start(K key) throws IOException;
    }

    /** One exchange with a process. */
    public interface Exchange<P, R> {
        R run(P process) throws IOException;
    }

    private final String language;
    private final Starter<K, P> starter;
    private final Map<K, P> processes = new ConcurrentHashMap<>();
    private final Queue<CompletableFuture<P>> spares = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    public TaskProcesses(String language, Starter<K, P> starter) {
        this.language = language;
        this.starter = starter;
    }

    /** Runs {@code exchange} with {@code key}'s process, started if it has none or it died. */
    public <R> R run(K key, Exchange<P, R> exchange) throws IOException {
        if (closed) {
            throw new IllegalStateException("the " + language + " task processes are closed");
        }
        for (int attempt = 1; ; attempt++) {
            P process = processes.get(key);
            if (process == null || !process.alive()) {
                if (process != null) {
                    process.close();
                }
                P spare = takeSpare();
                if (spare != null) {
                    process = spare;
                    LOG.info("{} worker process {} (started ahead) taken by {}", language, process.pid(), key);
                } else {
                    process = starter.start(key);
                    LOG.info("{} worker process {} started for {}", language, process.pid(), key);
                }
                processes.put(key, process);
            }
            try {
                return exchange.run(process);
            } catch (TaskNotDeliveredException e) {
                processes.remove(key, process);
                if (attempt > 1) {
                    throw e;
                }
                LOG.info("{}: {}; the task goes to a new process", key, e.getMessage());
            } catch (TaskProcessDiedException e) {
                processes.remove(key, process);
                LOG.warn("{}: {}", key, e.getMessage());
                throw e;
            }
        }
    }

    /**
     * Starts {@code n} processes now, each in a background thread, with {@code key} (used by the
     * starter for names only); the next keys that have no process take them. A spare that fails
     * to start is skipped (the key then starts its own, and that start reports the error).
     */
    public void prestart(int n, K key) {
        for (int i = 0; i < n && !closed; i++) {
            CompletableFuture<P> spare = new CompletableFuture<>();
            spares.add(spare);
            Thread t = new Thread(() -> {
                try {
                    spare.complete(starter.start(key));
                } catch (IOException | RuntimeException e) {
                    spare.completeExceptionally(e);
                }
            }, language + "-prestart-" + i);
            t.setDaemon(true);
            t.start();
        }
        if (closed) {
            closeSpares();
        }
    }

    /** The number of spares started or starting that no key has taken yet. */
    public int spares() {
        return spares.size();
    }

    /** A started spare that is alive, waiting for one still starting; null when there is none. */
    private P takeSpare() {
        for (CompletableFuture<P> f = spares.poll(); f != null; f = spares.poll()) {
            P p;
            try {
                p = f.join();
            } catch (CompletionException e) {
                Throwable cause = e.getCause() instanceof UncheckedIOException u ? u.getCause() : e.getCause();
                LOG.info("{}: a process started ahead failed to start: {}", language, cause.toString());
                continue;
            }
            if (p.alive()) {
                return p;
            }
            p.close();
        }
        return null;
    }

    private void closeSpares() {
        for (CompletableFuture<P> f = spares.poll(); f != null; f = spares.poll()) {
            f.thenAccept(TaskProcess::close);
        }
    }

    /** The key's process, null when it has none. */
    public P get(K key) {
        return processes.get(key);
    }

    /** Kills the key's process (its running task is cancelled: the waiting run() fails). */
    public void cancel(K key) {
        P p = processes.remove(key);
        if (p != null) {
            p.kill();
        }
    }

    /** Kills the processes of every key {@code which} accepts (e.g. every library of an executor). */
    public void cancelIf(java.util.function.Predicate<K> which) {
        processes.keySet().stream().filter(which).toList().forEach(this::cancel);
    }

    /** Stops every process. */
    @Override
    public void close() {
        closed = true;
        closeSpares();
        processes.values().forEach(TaskProcess::close);
        processes.clear();
    }
}
