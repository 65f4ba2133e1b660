package io.braid.engine.deploy;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.engine.resources.NodeDescription;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a worker as a process of this machine, bound to the node's loopback or local address.
 * Its stdout and stderr (and so its log) go to {@code <log dir>/workers/<node>.log}; its current
 * directory is the node's working directory.
 */
public final class LocalProcessStarter implements WorkerStarter {

    @Override
    public StartedWorker start(NodeDescription node, WorkerLaunch launch) throws IOException {
        String bind = NodeAddresses.localBindAddress(node.name());
        if (bind == null) {
            throw new IOException("node " + node.name() + " is not an address of this machine");
        }
        Path workersDir = launch.logDir().resolve("workers");
        Files.createDirectories(workersDir);
        Path log = workersDir.resolve(node.name() + ".log");
        Path workDir = workingDir(node, launch);
        Files.createDirectories(workDir);
        int io = node.ioExecutors() > 0 ? node.ioExecutors() : launch.defaultIoExecutors();

        List<String> cmd = new ArrayList<>(launch.commandPrefix());
        cmd.add(launch.javaCommand());
        cmd.addAll(launch.jvmOptions());
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=" + launch.logLevel());
        cmd.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        cmd.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
        cmd.add("-cp");
        cmd.add(launch.braidJar());
        cmd.add("io.braid.worker.WorkerMain");
        cmd.add("--master=" + launch.masterHost() + ":" + launch.masterPort());
        cmd.add("--node=" + node.name());
        cmd.add("--bind=" + bind);
        cmd.add("--cus=" + node.computingUnits());
        cmd.add("--io_executors=" + io);
        cmd.add("--classpath=" + String.join(File.pathSeparator, launch.appClasspath()));
        cmd.add("--workdir=" + workDir);
        cmd.add("--jobs_dir=" + launch.logDir().resolve("jobs"));
        cmd.add("--log_file=" + log);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(ConnectionSecurity.process().workerEnvironment()); // the secret: never on the command line
        Process p = pb.start();
        return new LocalWorker(p, log.toString());
    }

    /** The node's WorkingDir from project.xml (a sub-directory per run and node), or one under the log dir. */
    static Path workingDir(NodeDescription node, WorkerLaunch launch) {
        if (node.workingDir() != null && !node.workingDir().isBlank()) {
            return Path.of(node.workingDir()).resolve("braid-" + launch.logDir().getFileName() + "-" + node.name());
        }
        return launch.logDir().resolve("workers").resolve(node.name() + "-wd");
    }

    private record LocalWorker(Process process, String logFile) implements StartedWorker {
        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public void stop(long timeoutMs) {
            try {
                if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
