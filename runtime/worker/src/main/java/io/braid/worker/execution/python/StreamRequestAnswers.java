package io.braid.worker.execution.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Answers the stream requests of one running Python task as they come and writes each reply whole
 * to the process's pipe (docs/DESIGN.md, "Python worker protocol"). A poll with a time-out, which
 * waits by design, is answered on a thread of its own, so it holds up neither the requests the
 * task's other threads make meanwhile nor the reading of the pipe: a cell's receiving thread polls
 * while its main thread publishes, as a Java task's threads do. The other requests do not wait
 * (a publish hands its records to the producer, as a Java task's does) and are answered at once
 * by the thread reading the pipe, sparing a hand-over between threads per request. A publish gets
 * no reply: the task does not wait for it, and since the reading thread performs it before reading
 * on, a poll or close the task asks after it sees it; its failure is the error of the task's next
 * request with a reply, claimed as that request is read (in pipe order), answered now or later.
 * Requests of different tasks (processes) are read by their executors' threads apart.
 */
final class StreamRequestAnswers {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StreamRequestAnswers.class);

    /**
     * Threads for answers, made as requests wait (one per request in progress at most), idle ones
     * ending after a minute. Daemons: a poll still waiting does not hold the worker's exit.
     */
    private static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "python-stream-request");
        t.setDaemon(true);
        return t;
    });

    private final PythonStreams streams;
    private final DataOutputStream pipe;
    /** Requests read whose reply is not written yet (guarded by this). */
    private int inProgress;

    /** Answers with {@code streams}, writing replies to {@code pipe} (the process's stdin). */
    StreamRequestAnswers(PythonStreams streams, DataOutputStream pipe) {
        this.streams = streams;
        this.pipe = pipe;
    }

    /**
     * Answers {@code request}: now, or in the background when it is a poll with a time-out.
     *
     * @throws IOException when the reply to a request answered now cannot be written (the process is gone)
     */
    void answer(PythonFrames.Message request) throws IOException {
        if (!PythonStreams.wantsReply(request)) {
            streams.perform(request);
            return;
        }
        UnreportedPublishes.Failure earlier = streams.takeUnreported();
        if (earlier != null || !waits(request)) {
            reply(request, earlier);
            return;
        }
        synchronized (this) {
            inProgress++;
        }
        THREADS.execute(() -> {
            try {
                reply(request, null);
            } catch (IOException e) {
                // The process is gone or going: the task's own read of the pipe reports it.
                LOG.debug("stream reply {} not written: {}", request.header().path("req"), e.toString());
            } finally {
                synchronized (this) {
                    inProgress--;
                    notifyAll();
                }
            }
        });
    }

    private static boolean waits(PythonFrames.Message request) {
        JsonNode h = request.header();
        return "poll".equals(h.path("op").asText()) && h.path("timeout_ms").asLong(0) > 0;
    }

    /** Answers {@code request}, or refuses it unperformed with the failure of an {@code earlier} publish. */
    private void reply(PythonFrames.Message request, UnreportedPublishes.Failure earlier) throws IOException {
        List<byte[]> blobs = new ArrayList<>();
        ObjectNode reply = earlier != null ? PythonStreams.refuse(request, earlier) : streams.answer(request, blobs);
        synchronized (pipe) {
            PythonFrames.write(pipe, reply, blobs);
        }
    }

    /**
     * Waits until every reply is written. The task's result comes after its process has read every
     * reply (the Python side sends it with no request outstanding), so this waits at most for a
     * writing thread to leave its flush; then the pipe is the next task's alone.
     */
    synchronized void awaitWritten() throws InterruptedException {
        while (inProgress > 0) {
            wait();
        }
    }
}
