package io.braid.worker.execution.taskprocess;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The persistent task processes of one language, one per key (an executor, or an executor and a
 * library): the first task of a key starts its process, later ones reuse it. A process that died
 * (its task failed with {@link TaskProcessDiedException}, or it was killed between tasks) is
 * dropped and the key's next task starts a new one.
 *
 * <p>Each executor runs one task at a time (the worker's slots), so a process is never shared
 * by two threads.
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
        P process = processes.get(key);
        if (process == null || !process.alive()) {
            if (process != null) {
                process.close();
            }
            process = starter.start(key);
            processes.put(key, process);
            LOG.info("{} worker process {} started for {}", language, process.pid(), key);
        }
        try {
            return exchange.run(process);
        } catch (TaskProcessDiedException e) {
            processes.remove(key, process);
            LOG.warn("{}: {}", key, e.getMessage());
            throw e;
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
        processes.values().forEach(TaskProcess::close);
        processes.clear();
    }
}
