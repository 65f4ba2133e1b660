package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a worker as a process of this machine, bound to the node's loopback or local address,
 * at the run's local CPU priority (the launch's command prefix). Its stdout and stderr (and so its
 * log) go to {@code <log dir>/workers/<node>.log}; its current directory is the node's working
 * directory; the command's environment is the process's.
 */
public final class LocalProcessLauncher implements WorkerLauncher {

    @Override
    public String bindAddress(NodeDescription node) {
        return NodeAddresses.localBindAddress(node.name());
    }

    @Override
    public StartedWorker launch(NodeDescription node, WorkerCommand command, WorkerLaunch launch) throws IOException {
        if (bindAddress(node) == null) {
            throw new IOException("node " + node.name() + " is not an address of this machine");
        }
        Path log = launch.workerLog(node.name());
        Files.createDirectories(log.getParent());
        Files.createDirectories(command.workingDir());
        List<String> cmd = new ArrayList<>(launch.commandPrefix());
        cmd.add(launch.javaCommand());
        cmd.addAll(launch.workerJvmOptions());
        cmd.add("-cp");
        cmd.add(launch.braidJar());
        cmd.add(WorkerLaunch.WORKER_MAIN);
        cmd.addAll(command.toArgs());
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(command.workingDir().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(command.environment());
        Process p = pb.start();
        return new StartedProcess(p, log.toString(), p.getOutputStream());
    }
}
