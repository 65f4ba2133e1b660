package io.braid.worker.execution;

import io.braid.comm.message.ProcessCall;
import io.braid.comm.message.RunTask;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the binary or MPI implementation of a job as a child process and gives its exit value.
 * The process runs in the implementation's working directory, or in a fresh directory per job
 * under {@code sandboxRoot} (removed afterwards when empty). Standard streams go to the files of
 * the STDIN/STDOUT/STDERR parameters (output appended, as in COMPSs); output that is not
 * redirected lands in the job's own output files, and standard input is empty otherwise.
 *
 * <p>A cancelled job (time-out, group cancellation) interrupts the waiting thread: the process
 * and everything it started get SIGTERM, then SIGKILL after {@link #GRACE_MS}.
 */
public final class ProcessInvoker {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ProcessInvoker.class);
    static final long GRACE_MS = 3000;

    private final Path sandboxRoot;
    private final String nodeName;
    private final Map<String, String> env;

    /** Programs of the worker of node {@code nodeName} (as the resources name it: COMPSS_HOSTNAMES). */
    public ProcessInvoker(Path sandboxRoot, String nodeName) {
        this(sandboxRoot, nodeName, System.getenv());
    }

    ProcessInvoker(Path sandboxRoot, String nodeName, Map<String, String> env) {
        this.sandboxRoot = sandboxRoot;
        this.nodeName = nodeName;
        this.env = env;
    }

    /**
     * Runs the job's program with the parameter values the worker prepared.
     *
     * @return the exit value
     * @throws ProgramFailedException when it cannot start, or exits non-zero with failByExitValue
     * @throws InterruptedException   when the job was cancelled (the process is gone by then)
     */
    public int run(RunTask job, Object[] values) throws IOException, InterruptedException {
        ProcessCall call = job.process();
        ProcessCommand cmd;
        try {
            cmd = ProcessCommand.of(call, values, env);
        } catch (IllegalArgumentException e) {
            throw new ProgramFailedException(label(job) + ": " + e.getMessage());
        }
        Path dir;
        boolean sandbox = call.workingDir() == null;
        if (sandbox) {
            Files.createDirectories(sandboxRoot);
            dir = Files.createTempDirectory(sandboxRoot, "job" + job.jobId() + "_");
        } else {
            dir = Path.of(ProcessCommand.expand(call.workingDir(), env));
            Files.createDirectories(dir);
        }
        Path out = cmd.stdout() != null ? null : dir.resolve(".braid-job" + job.jobId() + ".out");
        Path err = cmd.stderr() != null ? null : dir.resolve(".braid-job" + job.jobId() + ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd.command()).directory(dir.toFile());
        pb.redirectInput(cmd.stdin() != null ? Redirect.from(new File(cmd.stdin())) : Redirect.from(new File("/dev/null")));
        pb.redirectOutput(Redirect.appendTo(cmd.stdout() != null ? new File(cmd.stdout()) : out.toFile()));
        pb.redirectError(Redirect.appendTo(cmd.stderr() != null ? new File(cmd.stderr()) : err.toFile()));
        int threads = call.mpi() ? Math.max(1, job.computingUnits() / Math.max(1, call.ranks())) : Math.max(1, job.computingUnits());
        pb.environment().put("COMPSS_NUM_NODES", "1");
        pb.environment().put("COMPSS_NUM_THREADS", String.valueOf(threads));
        pb.environment().put("OMP_NUM_THREADS", String.valueOf(threads));
        pb.environment().put("COMPSS_HOSTNAMES", nodeName);
        LOG.info("job {}: {} in {}", job.jobId(), String.join(" ", cmd.command()), dir);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            if (sandbox) {
                deleteIfEmpty(dir);
            }
            throw new ProgramFailedException(label(job) + ": cannot start " + cmd.command().get(0) + ": " + e.getMessage());
        }
        int exit;
        try {
            exit = p.waitFor();
        } catch (InterruptedException e) {
            stop(p);
            throw e;
        } finally {
            copyAndDelete(out, System.out);
            copyAndDelete(err, System.err);
            if (sandbox) {
                deleteIfEmpty(dir);
            }
        }
        LOG.info("job {}: {} exited with {}", job.jobId(), cmd.command().get(0), exit);
        if (exit != 0 && call.failByExitValue()) {
            throw new ProgramFailedException(label(job) + ": " + cmd.command().get(0) + " exited with " + exit
                    + " (failByExitValue)");
        }
        return exit;
    }

    /**
     * SIGTERM to the process's descendants, then to the process, SIGKILL to what is left after the
     * grace period. Descendants first, so that their parents are still there to collect them.
     */
    static void stop(Process p) {
        var all = new java.util.ArrayList<ProcessHandle>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MS);
        boolean interrupted = false;
        for (ProcessHandle h : all) {
            try {
                long left = Math.max(0, deadline - System.nanoTime());
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                h.destroyForcibly();
            } catch (InterruptedException e) {
                interrupted = true;
                h.destroyForcibly();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static String label(RunTask job) {
        return job.className() + "." + job.methodName();
    }

    private static void copyAndDelete(Path file, PrintStream to) {
        if (file == null || !Files.exists(file)) {
            return;
        }
        try (InputStream in = Files.newInputStream(file)) {
            in.transferTo(to);
            to.flush();
        } catch (IOException e) {
            LOG.warn("cannot copy the program's output {}: {}", file, e.getMessage());
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // left in the working directory
        }
    }

    private static void deleteIfEmpty(Path dir) {
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(dir);
            }
        } catch (IOException ignored) {
            // a program's leftovers stay in its sandbox
        }
    }
}
