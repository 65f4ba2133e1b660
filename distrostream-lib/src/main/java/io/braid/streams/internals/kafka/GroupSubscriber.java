package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectDrain;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.backend.Sharing;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * One reader of an application's records of a stream: a member of the application's share group,
 * or, while it is the application's only reader, of a consumer group of its own
 * ({@link SoloGroupConsumer}, handed over when the stream server asks: {@link #handOver()}).
 *
 * <p>The reader's logic is {@link ReaderCore}, a state machine; this class is its one thread. Every
 * call (a poll, the server's news, a close) becomes an event on the reader's queue, and the
 * reader's thread ({@code braid-reader-<topic>}) applies them one at a time; when no event waits,
 * it gives the core its idle time (the fetch ahead, the give-back of records nobody asked for).
 * A poll waits for its answer; a poll's wait on the consumer is cut into slices between which the
 * other events are applied, so a hand-over or a reader count takes effect during a long poll.
 * The Kafka consumers are used by that thread only.
 */
final class GroupSubscriber implements ObjectSubscriber {

    private static final Logger LOG = LoggerFactory.getLogger(GroupSubscriber.class);

    /** See {@link ReaderCore#FETCH_AHEAD_MAX_GAP_MS}. */
    static final long FETCH_AHEAD_MAX_GAP_MS = ReaderCore.FETCH_AHEAD_MAX_GAP_MS;
    /** See {@link ReaderCore#GIVE_BACK_MS}. */
    static final long GIVE_BACK_MS = ReaderCore.GIVE_BACK_MS;

    /** How often a waiting poll checks that the reader's thread still runs. */
    private static final long SLICE_CHECK_MS = 1_000;

    private final KafkaObjectBackend backend;
    private final String topic;
    private final String group;
    private final ReaderCore core;
    private final BlockingDeque<Runnable> events = new LinkedBlockingDeque<>();
    /** Completes once the reader no longer reads alone after {@link #handOver()} (or closed). */
    private final CompletableFuture<Void> handedOver = new CompletableFuture<>();
    /** False once close was asked: later polls fail at once, later news is dropped. */
    private final AtomicBoolean open = new AtomicBoolean(true);
    private final Thread thread;
    /** Told when the count rises outside a poll or close ({@link #onCountRise}). */
    private volatile Runnable countRose = () -> { };

    GroupSubscriber(KafkaObjectBackend backend, String topic, String group, ConsumerMode mode) {
        this.backend = backend;
        this.topic = topic;
        this.group = group;
        SoloProgress soloProgress = new SoloProgress(); // the reader's, across its solo consumers
        this.core = new ReaderCore(topic, group, mode, new ReaderCore.Outside() {
            @Override
            public GroupConsumer consumer(Acquisition acquisition, LongConsumer accepted) throws BackendException {
                return acquisition.classic()
                        ? new SoloGroupConsumer(backend, topic, group, mode, soloProgress, accepted)
                        : new ShareGroupConsumer(backend, topic, group, mode, acquisition, accepted);
            }

            @Override
            public void giveBack(List<byte[]> values) throws BackendException {
                backend.publishForGroup(topic, group, values);
            }

            @Override
            public void checkReachable() throws BackendException {
                backend.checkReachable();
            }

            @Override
            public void countRose(long accepted) {
                countRose.run();
            }

            @Override
            public long nanoTime() {
                return System.nanoTime();
            }
        });
        thread = new Thread(this::run, "braid-reader-" + topic);
        thread.setDaemon(true);
        thread.start();
    }

    // ---- the reader's thread -------------------------------------------------------------------

    private void run() {
        try {
            while (!core.isClosed()) {
                long waitNs = core.idleDueNs() == Long.MAX_VALUE ? Long.MAX_VALUE
                        : core.idleDueNs() - System.nanoTime();
                Runnable event = waitNs == Long.MAX_VALUE ? events.take()
                        : waitNs <= 0 ? events.poll() : events.poll(waitNs, TimeUnit.NANOSECONDS);
                if (event != null) {
                    event.run();
                } else {
                    core.idle();
                    if (core.holdsFetched()) {
                        // Settled at once (accepted ahead while the application works), after the
                        // news that came during the fetch, not after a poll already waiting: that
                        // would put the commit back on the poll's path.
                        applyNews();
                        core.idle();
                    }
                }
                afterEvent();
            }
        } catch (InterruptedException e) {
            LOG.warn("reader of {} for {}: interrupted, closing", topic, group);
            closeAfterFailure();
        } catch (RuntimeException e) {
            LOG.error("reader of {} for {}: failed, closing", topic, group, e);
            closeAfterFailure();
        } finally {
            open.set(false);
            handedOver.complete(null);
            for (Runnable left = events.poll(); left != null; left = events.poll()) {
                left.run(); // a poll or close queued meanwhile answers "closed"
            }
        }
    }

    /** Closes the core after the reader's thread failed: nobody waits for the close's error, so it is logged. */
    private void closeAfterFailure() {
        try {
            core.close();
        } catch (BackendException e) {
            LOG.error("reader of {} for {}: {}", topic, group, e.getMessage());
        }
    }

    /** Applies the queued events other than polls and closes, which stay queued in their order. */
    private void applyNews() {
        List<Runnable> held = new ArrayList<>();
        for (Runnable e = events.poll(); e != null; e = events.poll()) {
            if (e instanceof Poll || e instanceof Close) {
                held.add(e);
            } else {
                e.run();
                afterEvent();
            }
        }
        for (int i = held.size() - 1; i >= 0; i--) {
            events.offerFirst(held.get(i));
        }
    }

    private void afterEvent() {
        if (core.handedOver()) {
            handedOver.complete(null);
        }
    }

    /** A poll, on the reader's thread: steps until records or the deadline, applying other events between steps. */
    private final class Poll implements Runnable {
        final long deadlineNs;
        final boolean checkReachable;
        final CompletableFuture<List<byte[]>> result = new CompletableFuture<>();

        Poll(long timeoutMs) {
            deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMs));
            checkReachable = timeoutMs > 0;
        }

        @Override
        public void run() {
            List<Runnable> later = new ArrayList<>(); // polls from other threads: after this one
            try {
                core.beginPoll();
                List<byte[]> got;
                while ((got = core.pollStep(deadlineNs, checkReachable)) == null) {
                    long waitNs = core.waitsForServer() ? deadlineNs - System.nanoTime() : 0;
                    for (Runnable e = waitNs > 0 ? events.poll(waitNs, TimeUnit.NANOSECONDS) : events.poll(); e != null;
                            e = events.poll()) {
                        if (e instanceof Close) {
                            result.complete(List.of()); // the reader closes: this poll ends with nothing
                            e.run();
                            return;
                        }
                        if (e instanceof Poll) {
                            later.add(e);
                        } else {
                            e.run();
                            afterEvent();
                        }
                    }
                }
                result.complete(got);
            } catch (BackendException e) {
                result.completeExceptionally(e);
            } catch (KafkaException e) {
                result.completeExceptionally(KafkaObjectBackend.failure("poll " + topic + " for " + group, e));
            } catch (RuntimeException e) {
                // a bug, not the broker: this poll fails with it, the reader goes on
                LOG.error("reader of {} for {}: poll failed", topic, group, e);
                result.completeExceptionally(new BackendException("Kafka backend: poll " + topic + " for " + group
                        + " failed: " + e, e));
            } catch (InterruptedException e) {
                result.completeExceptionally(new BackendException("Kafka backend: reader of " + topic + " interrupted"));
                Thread.currentThread().interrupt();
            } finally {
                result.complete(List.of());
                later.forEach(events::add);
            }
        }
    }

    /** The close, on the reader's thread. */
    private final class Close implements Runnable {
        final CompletableFuture<Void> done = new CompletableFuture<>();

        @Override
        public void run() {
            try {
                core.close();
                done.complete(null);
            } catch (BackendException e) {
                done.completeExceptionally(e); // closed all the same: the error goes to the closing caller
            }
            afterEvent();
        }
    }

    /** Runs {@code query} on the reader's thread and waits for its answer (for tests). */
    private <T> T ask(Supplier<T> query) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        events.add(() -> answer.complete(query.get()));
        try {
            return answer.get(KafkaObjectBackend.REQUEST_TIMEOUT_MS * 2, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("reader of " + topic + " did not answer", e);
        }
    }

    // ---- ObjectSubscriber ----------------------------------------------------------------------

    @Override
    public void readersOfApplication(int count) {
        readersOfApplication(count, Sharing.SHARED);
    }

    @Override
    public void readersOfApplication(int count, Sharing told) {
        if (open.get()) {
            events.add(() -> core.told(count, told));
        }
    }

    @Override
    public CompletableFuture<Void> handOver() {
        if (open.get()) {
            events.add(core::handOver);
        }
        return handedOver;
    }

    @Override
    public void getReady() {
        if (open.get()) {
            events.add(core::getReady);
        }
    }

    @Override
    public List<byte[]> poll(long timeoutMs) throws BackendException {
        if (!open.get()) {
            throw closed();
        }
        Poll poll = new Poll(timeoutMs);
        events.add(poll);
        // Waits out an interrupt too: the poll ends by its deadline, and records it handed over
        // must reach the application (they count as taken).
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return poll.result.get(SLICE_CHECK_MS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (!thread.isAlive() && events.remove(poll)) {
                        throw closed(); // queued just as the reader's thread ended
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof BackendException b) {
                        throw b;
                    }
                    throw new BackendException("Kafka backend: poll " + topic + " for " + group + " failed: "
                            + e.getCause(), e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private BackendException closed() {
        return new BackendException("Kafka backend: subscriber of " + topic + " is closed");
    }

    /** Whether the reader has its consumer, created by its first poll or fetch ahead (for tests). */
    boolean hasConsumer() {
        return open.get() && ask(core::hasConsumer);
    }

    /** Records accepted ahead and not returned yet (asked on the reader's thread, after the events queued before). */
    @Override
    public int acceptedAheadCount() {
        return open.get() ? ask(core::aheadCount) : 0;
    }

    /**
     * Whether the reader has work of its own planned (a fetch ahead, records fetched to settle, a
     * give-back due): false means it does nothing until the next event (for tests: asked on the
     * reader's thread, after the events queued before, so after a poll that has returned).
     */
    boolean plansIdleWork() {
        return open.get() && ask(() -> core.idleDueNs() != Long.MAX_VALUE);
    }

    @Override
    public long acceptedCount() {
        return core.acceptedCount();
    }

    @Override
    public void onCountRise(Runnable listener) {
        countRose = listener;
    }

    @Override
    public long publishedCount() throws BackendException {
        return backend.offsets().published(topic);
    }

    @Override
    public long drainPatienceMs() {
        return EmbeddedKafkaBroker.RECORD_LOCK_MS + 2_000L;
    }

    /**
     * Without a stream server, what the application's other readers accepted is only known
     * from the share group's start offset, which the broker moves seconds after the
     * acknowledgements: this drain ends when that (or this reader's own count) reaches the
     * number of records published.
     */
    @Override
    public List<byte[]> drain() throws BackendException {
        long published = publishedCount();
        return ObjectDrain.drain(this, published, mine -> {
            long taken = mine;
            if (mine < published) {
                taken = Math.max(mine, backend.offsets().takenBy(topic, group));
                backend.markReachable();
            }
            return taken;
        });
    }

    @Override
    public void close() {
        if (!open.getAndSet(false)) {
            return;
        }
        Close close = new Close();
        events.add(close);
        try {
            close.done.get(KafkaObjectBackend.REQUEST_TIMEOUT_MS * 3, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BackendException b) {
                throw b;
            }
            LOG.warn("closing reader of {} for {}: {}", topic, group, e.getCause().toString());
        } catch (TimeoutException e) {
            LOG.warn("closing reader of {} for {}: not done in time: {}", topic, group, e.toString());
        }
    }
}
