package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a worker on a node of the SLURM allocation the master runs in, as one job step:
 * {@code srun --nodes=1 --ntasks=1 --nodelist=NODE --overlap ... java ... WorkerMain}.
 *
 * <ul>
 *   <li>{@code --overlap}: the step shares the node with the other steps (the master's batch
 *   step, a worker started on the master's node), so no worker waits for another's resources;
 *   without {@code --exact} it may use every core SLURM allocated on the node, which
 *   {@code --cpus-per-task} states (a site's task plugin then binds the worker to them).</li>
 *   <li>The command's environment (the run's secret) reaches the worker by srun's inheritance of
 *   its caller's environment ({@code --export=ALL}), never on a command line.</li>
 *   <li>The worker's output comes back through srun into {@code <log dir>/workers/<node>.log};
 *   its working directory is created here (the file system is shared, as on clusters).</li>
 *   <li>The step ends with the job (scancel, time limit, the master's end), when this srun client
 *   is stopped, and the worker exits by itself when its master connection drops.</li>
 * </ul>
 * The worker's node identity is its SLURM node name, and its data server binds the address that
 * name resolves to (/etc/hosts or DNS): nodes of one machine may share a host name.
 */
public final class SrunLauncher implements WorkerLauncher {
    private final String srun;

    /** @param srun the srun executable (a name on PATH, or a path) */
    public SrunLauncher(String srun) {
        this.srun = srun;
    }

    public SrunLauncher() {
        this("srun");
    }

    @Override
    public String bindAddress(NodeDescription node) {
        try {
            return InetAddress.getByName(node.name()).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("SLURM node " + node.name() + ": its name does not resolve to an address");
        }
    }

    @Override
    public StartedWorker launch(NodeDescription node, WorkerCommand command, WorkerLaunch launch) throws IOException {
        Path log = launch.workerLog(node.name());
        Files.createDirectories(log.getParent());
        Files.createDirectories(command.workingDir());
        ProcessBuilder pb = new ProcessBuilder(srunCommand(node, command, launch)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(command.environment());
        Process p = pb.start();
        return new StartedProcess(p, log.toString(), p.getOutputStream());
    }

    /** The srun command line: nothing secret on it. */
    List<String> srunCommand(NodeDescription node, WorkerCommand command, WorkerLaunch launch) {
        List<String> cmd = new ArrayList<>(List.of(srun, "--nodes=1", "--ntasks=1", "--nodelist=" + node.name(),
                "--overlap", "--cpus-per-task=" + node.computingUnits(), "--export=ALL", "--input=none",
                "--job-name=braid-worker-" + node.name(), "--chdir=" + command.workingDir()));
        cmd.add(launch.javaCommand());
        cmd.addAll(launch.workerJvmOptions());
        cmd.add("-cp");
        cmd.add(launch.braidJar());
        cmd.add(WorkerLaunch.WORKER_MAIN);
        cmd.addAll(command.toArgs());
        return cmd;
    }
}
