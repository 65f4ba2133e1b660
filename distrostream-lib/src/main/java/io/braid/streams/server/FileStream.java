package io.braid.streams.server;

import io.braid.streams.ConsumerMode;
import io.braid.streams.backend.FileStreamQueue;
import io.braid.streams.protocol.ErrorReply;
import io.braid.streams.protocol.FilesPolled;
import io.braid.streams.protocol.PollFiles;
import io.netty.channel.Channel;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * A file stream as the server serves it: its queue of complete files and the long polls waiting
 * for paths, answered when paths arrive, when the stream closes, or at their timeout.
 */
final class FileStream {
    final String streamId;
    final ConsumerMode mode;
    final FileStreamQueue queue;
    final Set<Waiter> waiters = ConcurrentHashMap.newKeySet();
    private final String baseDir;
    private final Predicate<String> isClosed;
    private final Executor work;
    private final BooleanSupplier serverClosed;

    FileStream(String streamId, ConsumerMode mode, String baseDir, FileStreamQueue queue, Predicate<String> isClosed,
               Executor work, BooleanSupplier serverClosed) {
        this.streamId = streamId;
        this.mode = mode;
        this.baseDir = baseDir;
        this.queue = queue;
        this.isClosed = isClosed;
        this.work = work;
        this.serverClosed = serverClosed;
    }

    String baseDir() {
        return baseDir;
    }

    /** New paths: let the waiting polls take them (on the server's work threads). */
    void wakeAll() {
        if (!waiters.isEmpty() && !serverClosed.getAsBoolean()) {
            work.execute(() -> wake(false));
        }
    }

    /** {@code last}: answer every waiting poll now, with or without paths (the stream closed). */
    void wake(boolean last) {
        for (Waiter w : List.copyOf(waiters)) {
            w.tryServe(last);
        }
    }

    void cancelWaiters(Channel ch) {
        for (Waiter w : List.copyOf(waiters)) {
            if (w.channel == ch) {
                w.cancel();
            }
        }
    }

    /** A long poll waiting for paths. */
    final class Waiter {
        private final Channel channel;
        private final String applicationId;
        private final PollFiles request;
        private volatile boolean done;
        private volatile ScheduledFuture<?> timeout;

        Waiter(Channel channel, String applicationId, PollFiles request) {
            this.channel = channel;
            this.applicationId = applicationId;
            this.request = request;
        }

        boolean isDone() {
            return done;
        }

        void setTimeout(ScheduledFuture<?> timeout) {
            this.timeout = timeout;
        }

        /** Takes paths; answers if there are some or {@code last}. Returns true once answered. */
        synchronized boolean tryServe(boolean last) {
            if (done) {
                return true;
            }
            boolean closedNow = isClosed.test(streamId);
            List<String> paths;
            try {
                paths = queue.take(applicationId, request.readerId(), mode, Math.max(1, request.max()));
            } catch (RuntimeException e) {
                finish();
                DistroStreamServer.reply(channel, new ErrorReply(request.requestId(), ErrorReply.Kind.BACKEND,
                        "cannot read file stream " + streamId + ": " + e.getMessage()));
                return true;
            }
            if (paths.isEmpty() && !last && !closedNow) {
                return false;
            }
            finish();
            DistroStreamServer.reply(channel, new FilesPolled(request.requestId(), paths, closedNow));
            return true;
        }

        synchronized void cancel() {
            finish();
        }

        private void finish() {
            done = true;
            waiters.remove(this);
            ScheduledFuture<?> t = timeout;
            if (t != null) {
                t.cancel(false);
            }
        }
    }
}
