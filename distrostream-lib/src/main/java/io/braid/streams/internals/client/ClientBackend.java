package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.internals.backend.ClientScheduler;
import io.braid.streams.internals.backend.ObjectBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A stream client's object backend (one per process): made on first use from the Kafka address the
 * stream server gives, or ahead of time with a warm-up ({@link #prepare()}), and closed with the
 * client. The address is asked outside the lock (the server may first start its broker), so
 * closing never waits for it.
 */
final class ClientBackend {

    private static final Logger LOG = LoggerFactory.getLogger(ClientBackend.class);

    /** The stream server's Kafka address (a request that may wait for the broker's start). */
    @FunctionalInterface
    interface Bootstrap {
        String ask() throws BackendException;
    }

    private final ObjectBackendFactory factory;
    private final ClientScheduler scheduler;
    private final Bootstrap bootstrap;
    private final Object lock = new Object();
    private ObjectBackend backend;
    private boolean closed;
    /**
     * Set when this process first waits for an object stream's topic: a warm-up then would only
     * compete with the real streams' first publish and poll (both workers' warm-ups ran while the
     * first records of the exchange example were on their way, 2026-11-24).
     */
    private volatile boolean objectStreamUsed;

    ClientBackend(ObjectBackendFactory factory, ClientScheduler scheduler, Bootstrap bootstrap) {
        this.factory = factory;
        this.scheduler = scheduler;
        this.bootstrap = bootstrap;
    }

    /** One of this process's streams waits for its topic: no warm-up from now on. */
    void objectStreamUsed() {
        objectStreamUsed = true;
    }

    /** The backend, made on the first call. */
    ObjectBackend get() throws BackendException {
        synchronized (lock) {
            checkOpen();
            if (backend != null) {
                return backend;
            }
        }
        String kafka = bootstrap.ask();
        synchronized (lock) {
            checkOpen();
            if (backend == null) {
                backend = factory.create(kafka, scheduler);
            }
            return backend;
        }
    }

    /**
     * Loads the backend's classes, then makes the backend and warms it up
     * ({@link ObjectBackend#warmUp}) unless one of this process's streams already waits for its
     * topic. Does nothing once the backend exists.
     */
    void prepare() throws BackendException {
        synchronized (lock) {
            if (backend != null) {
                return;
            }
        }
        factory.preload(); // while the server may still be starting its broker
        ObjectBackend b = get();
        if (objectStreamUsed) {
            LOG.info("object backend warm-up skipped: this process's streams are setting it up already");
            return;
        }
        b.warmUp();
    }

    /** {@link #prepare()} on the process's scheduler; completes when it is done or failed. */
    CompletableFuture<Void> prepareInBackground() {
        return CompletableFuture.runAsync(() -> {
            try {
                prepare();
            } catch (BackendException e) {
                throw new CompletionException(e);
            }
        }, scheduler.executor());
    }

    /** Closes the backend; true if this call closed it (false: it was closed already). */
    boolean close() {
        ObjectBackend b;
        synchronized (lock) {
            if (closed) {
                return false;
            }
            closed = true;
            b = backend;
            backend = null;
        }
        if (b != null) {
            try {
                b.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the object backend failed: {}", e.toString());
            }
        }
        return true;
    }

    private void checkOpen() throws BackendException {
        if (closed) {
            throw new BackendException("the stream client of this process is closed");
        }
    }
}
