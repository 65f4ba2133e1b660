package srunprobe;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.deploy.SrunLauncher;
import io.braid.engine.deploy.WorkerCommands;
import io.braid.engine.deploy.WorkerLaunch;
import io.braid.engine.deploy.WorkerLauncher;
import io.braid.engine.resources.NodeDescription;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Not an application of Braid's model: a probe that io.braid.it.SlurmRunTest runs inside a SLURM
 * job. It starts, with the real {@link SrunLauncher}, a stand-in for the worker's java
 * ({@code args[1]}, a script) on node {@code args[0]}, with a variable in the worker command's
 * environment (the secret's way), and waits for it to end; the script records what it got on that
 * node. Usage: {@code srunprobe.Main <node> <script> <log dir>}.
 */
public final class Main {
    public static final String VARIABLE = "BRAID_PROBE_SECRET";
    public static final String VALUE = "s3cret value";

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        NodeDescription node = new NodeDescription(args[0], 1, 0, null, 0, 0, 0, null, null, NodeDescription.NO_LIMIT,
                Map.of(), null, 0, 0, "srun");
        WorkerLaunch launch = new WorkerLaunch(List.of(), args[1], "/no/braid.jar", List.of(), "10.213.0.1", 1,
                List.of(), Path.of(args[2]), "off", 1, Map.of(VARIABLE, VALUE));
        SrunLauncher srun = new SrunLauncher();
        WorkerCommand command = WorkerCommands.forNode(node, launch, srun.bindAddress(node));
        WorkerLauncher.StartedWorker worker = srun.launch(node, command, launch);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (worker.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        worker.stop(1_000);
    }
}
