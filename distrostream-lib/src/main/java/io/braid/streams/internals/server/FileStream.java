package io.braid.streams.internals.server;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.FileStreamQueue;
import io.braid.streams.internals.protocol.ErrorReply;
import io.braid.streams.internals.protocol.FilesPolled;
import io.braid.streams.internals.protocol.PollFiles;
import io.netty.channel.Channel;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A file stream as the server serves it: its queue of complete files and the long polls waiting
 * for paths, answered when paths arrive, when the stream closes, or at their timeout. Used on the
 * server's loop only ({@link FileStreamQueue#take} is an in-memory step; the queue's listener
 * hands the news to the loop).
 */
final class FileStream {
    final String streamId;
    final ConsumerMode mode;
    final FileStreamQueue queue;
    /** Long polls waiting for paths, oldest first. */
    final Set<Waiter> waiters = new LinkedHashSet<>();
    private final String baseDir;
    private final Predicate<String> isClosed;

    FileStream(String streamId, ConsumerMode mode, String baseDir, FileStreamQueue queue, Predicate<String> isClosed) {
        this.streamId = streamId;
        this.mode = mode;
        this.baseDir = baseDir;
        this.queue = queue;
        this.isClosed = isClosed;
    }

    String baseDir() {
        return baseDir;
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
                w.finish();
            }
        }
    }

    /** A long poll waiting for paths. */
    final class Waiter {
        private final Channel channel;
        private final String applicationId;
        private final PollFiles request;
        private boolean done;
        private LoopClock.Timeout timeout;

        Waiter(Channel channel, String applicationId, PollFiles request) {
            this.channel = channel;
            this.applicationId = applicationId;
            this.request = request;
        }

        /** Waits for paths (joins the stream's waiters) until {@code timeout} ends it. */
        void await(LoopClock.Timeout timeout) {
            this.timeout = timeout;
            waiters.add(this);
        }

        /** Takes paths; answers if there are some or {@code last}. Returns true once answered. */
        boolean tryServe(boolean last) {
            if (done) {
                return true;
            }
            boolean closedNow = isClosed.test(streamId);
            List<String> paths;
            try {
                paths = queue.take(applicationId, request.readerId(), mode, Math.max(1, request.max()));
            } catch (RuntimeException e) {
                finish();
                ServerContext.reply(channel, new ErrorReply(request.requestId(), ErrorReply.Kind.BACKEND,
                        "cannot read file stream " + streamId + ": " + e.getMessage()));
                return true;
            }
            if (paths.isEmpty() && !last && !closedNow) {
                return false;
            }
            finish();
            ServerContext.reply(channel, new FilesPolled(request.requestId(), paths, closedNow));
            return true;
        }

        private void finish() {
            done = true;
            waiters.remove(this);
            if (timeout != null) {
                timeout.cancel();
            }
        }
    }
}
