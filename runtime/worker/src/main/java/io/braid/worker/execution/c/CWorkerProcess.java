package io.braid.worker.execution.c;

import io.braid.worker.execution.taskprocess.Frames;
import io.braid.worker.execution.taskprocess.TaskProcess;
import io.braid.worker.execution.taskprocess.TaskProcessDiedException;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One running {@code braid-c-worker LIBRARY}: started, its READY read (the library's task table),
 * then fed one TASK at a time. The process handling is {@link TaskProcess}'s: a crash in a task
 * (segfault, abort, exit) ends this process only and is a {@link TaskProcessDiedException}
 * naming the function and the signal.
 */
final class CWorkerProcess extends TaskProcess {
    private static final byte[] SHUTDOWN = {4};

    private CLibrary library;

    private CWorkerProcess(Process process, Path stderrLog) {
        super("C", process, stderrLog);
    }

    /** Starts the process and reads its READY. */
    static CWorkerProcess start(Path executable, String library, Path log) throws IOException {
        CWorkerProcess worker = new CWorkerProcess(launch("C", new ProcessBuilder(executable.toString(), library), log),
                log);
        byte[] ready;
        try {
            ready = Frames.readOrNull(worker.replies, "braid-c-worker");
        } catch (IOException e) {
            ready = null;
        }
        if (ready == null) {
            throw new TaskProcessDiedException(worker.deathReport("braid-c-worker " + library + " did not start"));
        }
        try {
            worker.library = CLibrary.parse(ready);
        } catch (IllegalStateException e) {
            worker.kill();
            throw new CTaskException(library + ": " + e.getMessage());
        }
        return worker;
    }

    CLibrary library() {
        return library;
    }

    /**
     * Runs one task, answering its STREAM requests until its RESULT; a process that ends before
     * replying is a {@link TaskProcessDiedException}.
     */
    CTaskResult run(CTaskCall call, String task, CStreams streams) throws IOException {
        byte[] frame = call.encode();
        send(out -> Frames.write(out, frame, frame.length), "C task " + task);
        for (;;) {
            byte[] reply;
            try {
                reply = Frames.readOrNull(replies, "braid-c-worker");
            } catch (IOException e) {
                if (isDeath(e)) {
                    throw new TaskProcessDiedException(deathReport("C task " + task));
                }
                throw e;
            }
            if (reply == null) {
                throw new TaskProcessDiedException(deathReport("C task " + task));
            }
            if (reply.length == 0 || reply[0] != CStreams.STREAM) {
                return CTaskResult.parse(reply, call.id());
            }
            byte[] answer = streams.answer(reply);
            send(out -> Frames.write(out, answer, answer.length), "C task " + task);
        }
    }

    @Override
    protected void requestShutdown() throws IOException {
        Frames.write(requests, SHUTDOWN, 1);
        requests.flush();
    }
}
