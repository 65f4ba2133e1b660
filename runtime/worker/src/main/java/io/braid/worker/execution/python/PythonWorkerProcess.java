package io.braid.worker.execution.python;

import io.braid.worker.execution.taskprocess.TaskNotDeliveredException;
import io.braid.worker.execution.taskprocess.TaskProcess;
import io.braid.worker.execution.taskprocess.TaskProcessDiedException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One running {@code python -m braid.worker}: started, greeted ("ready"), then fed one task at a
 * time (the process handling is {@link TaskProcess}'s).
 */
final class PythonWorkerProcess extends TaskProcess {
    private PythonWorkerProcess(Process process, Path stderrLog) {
        super("Python", process, stderrLog);
    }

    /** Starts the process and waits for its "ready" message. */
    static PythonWorkerProcess start(PythonSettings settings, String name) throws IOException {
        Path log = settings.logDir().resolve(name + ".err");
        List<String> command = new ArrayList<>(settings.interpreter());
        command.addAll(List.of("-m", "braid.worker"));
        for (Path p : settings.appPath()) {
            command.add("--path");
            command.add(p.toString());
        }
        if (settings.objectDir() != null) {
            command.addAll(List.of("--object-dir", settings.objectDir().toString(),
                    "--object-threshold", Long.toString(settings.objectFileThreshold())));
        }
        ProcessBuilder pb = new ProcessBuilder(command);
        if (!settings.pythonPath().isEmpty()) {
            List<String> entries = new ArrayList<>();
            settings.pythonPath().forEach(p -> entries.add(p.toString()));
            String old = pb.environment().get("PYTHONPATH");
            if (old != null && !old.isEmpty()) {
                entries.add(old);
            }
            pb.environment().put("PYTHONPATH", String.join(java.io.File.pathSeparator, entries));
        }
        Process p;
        try {
            p = launch("Python", pb, log);
        } catch (TaskProcessDiedException e) {
            throw new PythonProcessDiedException(e.getMessage());
        }
        PythonWorkerProcess worker = new PythonWorkerProcess(p, log);
        PythonFrames.Message hello = PythonFrames.read(worker.replies);
        if (hello == null || !"ready".equals(hello.type())) {
            throw worker.died("the Python worker " + String.join(" ", command) + " did not start");
        }
        return worker;
    }

    /**
     * Runs one task, answering the stream requests it makes while it runs with {@code streams}
     * (several may be in flight, {@link StreamRequestAnswers}), until its result comes (failed by a
     * publish failure not reported to the task yet, {@link PythonStreams#settle}); a process
     * that ends before replying is a {@link PythonProcessDiedException}.
     */
    PythonTaskResult run(PythonTaskCall call, PythonStreams streams) throws IOException {
        String task = "task " + call.module() + "." + call.function();
        try {
            send(out -> PythonFrames.writeTask(out, call), task);
        } catch (TaskNotDeliveredException e) {
            throw e;
        } catch (TaskProcessDiedException e) {
            throw new PythonProcessDiedException(e.getMessage());
        }
        PythonFrames.Message reply;
        StreamRequestAnswers answers = new StreamRequestAnswers(streams, requests);
        try {
            reply = PythonFrames.read(replies);
            while (reply != null && "stream".equals(reply.type())) {
                answers.answer(reply); // a poll that waits in the background: the task's other threads may ask meanwhile
                reply = PythonFrames.read(replies);
            }
        } catch (IOException e) {
            if (isDeath(e)) {
                throw died("task " + call.module() + "." + call.function());
            }
            // The pipes are out of step: the next task would read this one's leftovers. Killed and
            // replaced as a crashed process is (the task fails and is retried).
            kill();
            throw new PythonProcessDiedException("task " + call.module() + "." + call.function() + ": the Python process "
                    + pid() + " broke the worker protocol (" + e.getMessage() + ") and was killed");
        }
        if (reply == null) {
            throw died("task " + call.module() + "." + call.function());
        }
        try {
            answers.awaitWritten();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(); // a reply may still be on its way: the next task must not read it
            throw new PythonProcessDiedException(task + ": interrupted while its last stream reply was written");
        }
        // A publish that failed after the task's last request with a reply fails the task.
        return streams.settle(reply.compactResult() != null ? reply.compactResult() : PythonTaskResult.of(reply));
    }

    private PythonProcessDiedException died(String what) {
        return new PythonProcessDiedException(deathReport(what));
    }

    @Override
    protected void requestShutdown() throws IOException {
        PythonFrames.write(requests, PythonFrames.JSON.createObjectNode().put("type", "shutdown"), List.of());
    }
}
