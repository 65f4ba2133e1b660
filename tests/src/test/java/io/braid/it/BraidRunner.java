package io.braid.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code scripts/braid-run} as a real process in a working directory, with
 * {@code --base_log_dir=<workdir>/logs}.
 *
 * <pre>
 * RunResult r = BraidRunner.in(tmp).app("chain").main("chain.Main").args("50").run();
 * </pre>
 */
public final class BraidRunner {
    private final Path workDir;
    private final List<String> options = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private String classpath;
    private String mainClass;
    private Duration timeout = Duration.ofSeconds(90);
    private boolean withClasspath = true;
    private final java.util.Map<String, String> environment = new java.util.LinkedHashMap<>();

    private BraidRunner(Path workDir) {
        this.workDir = workDir;
    }

    public static BraidRunner in(Path workDir) {
        return new BraidRunner(workDir);
    }

    /** Uses the compiled classes of tests/apps/java/&lt;name&gt; as the class path. */
    public BraidRunner app(String name) {
        this.classpath = BraidApp.classes(name).toString();
        return this;
    }

    public BraidRunner classpath(String cp) {
        this.classpath = cp;
        return this;
    }

    /** Runs without any -cp option. */
    public BraidRunner noClasspath() {
        this.withClasspath = false;
        return this;
    }

    public BraidRunner main(String mainClass) {
        this.mainClass = mainClass;
        return this;
    }

    public BraidRunner options(String... opts) {
        options.addAll(Arrays.asList(opts));
        return this;
    }

    public BraidRunner options(List<String> opts) {
        options.addAll(opts);
        return this;
    }

    public BraidRunner cluster(Clusters.Files cluster) {
        return options(cluster.options());
    }

    public BraidRunner args(Object... a) {
        for (Object o : a) {
            args.add(String.valueOf(o));
        }
        return this;
    }

    /** Sets an environment variable of the run (BRAID_STREAM_SERVER, BRAID_STREAM_SECRET_FILE, BRAID_RUN_SECRET, BRAID_MASTER_JIT, BRAID_WORKER_JIT and BRAID_WORKER_NICE are otherwise removed). */
    public BraidRunner env(String name, String value) {
        environment.put(name, value);
        return this;
    }

    public BraidRunner timeout(Duration d) {
        this.timeout = d;
        return this;
    }

    public Path baseLogDir() {
        return workDir.resolve("logs");
    }

    List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add("bash");
        cmd.add(Repo.braidRun().toString());
        cmd.add("--base_log_dir=" + baseLogDir());
        if (withClasspath && classpath != null) {
            cmd.add("-cp");
            cmd.add(classpath);
        }
        cmd.addAll(options);
        if (mainClass != null) {
            cmd.add(mainClass);
        }
        cmd.addAll(args);
        return cmd;
    }

    /** Runs to completion (or kills it and fails after the timeout). */
    public RunResult run() {
        return start().await();
    }

    /** Starts the run; the caller waits with {@link Running#await()}. */
    public Running start() {
        try {
            Files.createDirectories(workDir);
            ProcessBuilder pb = new ProcessBuilder(command()).directory(workDir.toFile());
            // Runs do not inherit what the shell may set for braid-run (an existing stream server,
            // a forced master or worker JIT): a test that wants one sets it with env().
            pb.environment().remove("BRAID_STREAM_SERVER");
            pb.environment().remove("BRAID_STREAM_SECRET_FILE");
            pb.environment().remove("BRAID_RUN_SECRET");
            pb.environment().remove("BRAID_MASTER_JIT");
            pb.environment().remove("BRAID_WORKER_JIT");
            pb.environment().remove("BRAID_WORKER_NICE");
            pb.environment().putAll(environment);
            Process p = pb.start();
            p.getOutputStream().close();
            return new Running(p, command(), baseLogDir(), timeout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A braid-run in progress. */
    public static final class Running {
        private final Process process;
        private final List<String> command;
        private final Path baseLogDir;
        private final Duration timeout;
        private final long deadline;
        private final StringBuffer out = new StringBuffer();
        private final StringBuffer err = new StringBuffer();
        private final Thread outPump;
        private final Thread errPump;

        Running(Process process, List<String> command, Path baseLogDir, Duration timeout) {
            this.process = process;
            this.command = command;
            this.baseLogDir = baseLogDir;
            this.timeout = timeout;
            this.deadline = System.nanoTime() + timeout.toNanos();
            this.outPump = pump(process.getInputStream(), out, "stdout");
            this.errPump = pump(process.getErrorStream(), err, "stderr");
        }

        private static Thread pump(InputStream in, StringBuffer sink, String name) {
            Thread t = new Thread(() -> {
                byte[] buf = new byte[8192];
                try (in) {
                    int n;
                    while ((n = in.read(buf)) >= 0) {
                        sink.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    }
                } catch (IOException ignored) {
                    // process gone
                }
            }, "braid-run-" + name);
            t.setDaemon(true);
            t.start();
            return t;
        }

        public Process process() {
            return process;
        }

        public String stdoutSoFar() {
            return out.toString();
        }

        /** Waits until stdout contains the text; fails (after killing the run) if the run ends or times out first. */
        public void awaitStdout(String text) {
            while (!out.toString().contains(text)) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    RunResult r = finishOrKill();
                    throw new AssertionError("run ended or timed out before printing '" + text + "'\n" + r.describe());
                }
                sleep(20);
            }
        }

        /**
         * Waits until the run's runtime.log has a match of the pattern; returns its first group.
         * Fails (after killing the run) if the run ends or times out first.
         */
        public String awaitRuntimeLog(Pattern pattern) {
            while (true) {
                Path dir = findLogDir(baseLogDir);
                if (dir != null && Files.isRegularFile(dir.resolve("runtime.log"))) {
                    Matcher m = pattern.matcher(RunResult.read(dir.resolve("runtime.log")));
                    if (m.find()) {
                        return m.group(1);
                    }
                }
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    RunResult r = finishOrKill();
                    throw new AssertionError("run ended or timed out before its log matched " + pattern + "\n"
                            + r.describe());
                }
                sleep(20);
            }
        }

        /** The live worker process of a node (a descendant of braid-run started with --node=NAME). */
        public Optional<ProcessHandle> workerProcess(String node) {
            return process.descendants()
                    .filter(h -> h.info().commandLine().map(c -> c.contains("--node=" + node + " ")
                            || c.endsWith("--node=" + node)).orElse(false))
                    .findFirst();
        }

        public RunResult await() {
            RunResult r = finishOrKill();
            if (r == null) {
                throw new AssertionError("unreachable");
            }
            return r;
        }

        private RunResult finishOrKill() {
            long left = deadline - System.nanoTime();
            boolean done;
            try {
                done = process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                done = false;
            }
            if (!done) {
                List<ProcessHandle> kids = process.descendants().toList();
                kids.forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                joinPumps();
                RunResult partial = new RunResult(-1, out.toString(), err.toString(), findLogDir(baseLogDir));
                throw new AssertionError("braid-run did not finish within " + timeout + ": " + String.join(" ", command)
                        + "\n" + partial.describe());
            }
            joinPumps();
            return new RunResult(process.exitValue(), out.toString(), err.toString(), findLogDir(baseLogDir));
        }

        private void joinPumps() {
            try {
                outPump.join(5000);
                errPump.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The run's log dir: the single directory braid-run created under the base log dir. */
    static Path findLogDir(Path base) {
        List<Path> dirs = RunResult.list(base).stream().filter(Files::isDirectory).toList();
        if (dirs.isEmpty()) {
            return null;
        }
        if (dirs.size() > 1) {
            throw new AssertionError("more than one log dir under " + base + ": " + dirs);
        }
        return dirs.get(0);
    }

    /** Worker processes (any process whose command line names the log dir) still alive after the run. */
    public static List<ProcessHandle> leftoverProcesses(Path logDir) {
        String marker = logDir.toString();
        return ProcessHandle.allProcesses()
                .filter(h -> h.pid() != ProcessHandle.current().pid())
                .filter(h -> h.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .toList();
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
