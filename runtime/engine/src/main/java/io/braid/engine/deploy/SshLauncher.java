package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.EngineSettings;
import io.braid.engine.resources.NodeDescription;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a worker on another host with OpenSSH in batch mode (no password prompt: the user's keys
 * must let {@code ssh HOST} in, as for COMPSs and Parsl), as the node's {@code User} when given.
 *
 * <p>The remote command is a small POSIX shell script that reads the command's environment as
 * {@code KEY=VALUE} lines from its standard input up to an empty line (so the run's secret never
 * shows in {@code ps} on either host), creates and enters the working directory, starts the worker
 * and then watches its standard input: when the ssh session ends (braid-run killed, the client
 * killed) the input closes and the script stops the worker. The worker also exits by itself when
 * its master connection drops. Its output comes back over the session into
 * {@code <log dir>/workers/<node>.log} on the master.
 *
 * <p>The worker runs {@code <InstallDir>/scripts/braid-worker} when the node declares an
 * InstallDir, otherwise the master's own java and braid.jar paths (a shared installation).
 */
public final class SshLauncher implements WorkerLauncher {
    /** Extra ssh options, whitespace-separated (e.g. {@code -F /path/ssh_config}), for sites and tests. */
    public static final String OPTIONS_ENV = EngineSettings.SSH_OPTIONS.environment();

    private final List<String> extraOptions;
    private final int connectTimeoutSeconds;

    /**
     * @param extraOptions          options put before the host (see {@link #OPTIONS_ENV})
     * @param connectTimeoutSeconds ssh's ConnectTimeout: a host that does not answer fails within it
     */
    public SshLauncher(List<String> extraOptions, int connectTimeoutSeconds) {
        this.extraOptions = List.copyOf(extraOptions);
        this.connectTimeoutSeconds = Math.max(1, connectTimeoutSeconds);
    }

    /** The launcher with the options of {@link #OPTIONS_ENV} in this process's environment. */
    public static SshLauncher fromEnvironment(int connectTimeoutSeconds) {
        return new SshLauncher(EngineSettings.SSH_OPTIONS.get(), connectTimeoutSeconds);
    }

    @Override
    public String bindAddress(NodeDescription node) {
        return node.name();
    }

    @Override
    public StartedWorker launch(NodeDescription node, WorkerCommand command, WorkerLaunch launch) throws IOException {
        Path log = launch.workerLog(node.name());
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder(sshCommand(node, command, launch)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        OutputStream in = p.getOutputStream();
        try {
            in.write(environmentLines(command.environment()).getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // ssh already ended (e.g. the host refused): the caller sees the process gone and its log
        }
        return new StartedProcess(p, log.toString(), in);
    }

    /** The local ssh command line: nothing secret on it. */
    List<String> sshCommand(NodeDescription node, WorkerCommand command, WorkerLaunch launch) {
        List<String> cmd = new ArrayList<>(List.of("ssh", "-T", "-o", "BatchMode=yes",
                "-o", "ConnectTimeout=" + connectTimeoutSeconds));
        cmd.addAll(extraOptions);
        if (node.user() != null) {
            cmd.add("-l");
            cmd.add(node.user());
        }
        cmd.add(node.name());
        cmd.add("/bin/sh -c " + quote(remoteScript(command, workerCommand(node, command, launch))));
        return cmd;
    }

    /** The worker's command words on the remote host. */
    static List<String> workerCommand(NodeDescription node, WorkerCommand command, WorkerLaunch launch) {
        List<String> words = new ArrayList<>();
        if (node.installDir() != null && !node.installDir().isBlank()) {
            words.add(Path.of(node.installDir(), "scripts", "braid-worker").toString());
            for (String o : launch.workerJvmOptions()) {
                words.add("-J" + o);
            }
        } else {
            words.add(launch.javaCommand());
            words.addAll(launch.workerJvmOptions());
            words.add("-cp");
            words.add(launch.braidJar());
            words.add(WorkerLaunch.WORKER_MAIN);
        }
        words.addAll(command.toArgs());
        return words;
    }

    /**
     * Reads the environment, enters the working directory, runs the worker with no input, and
     * stops it when the session's input closes (fd 3 keeps that input: an asynchronous list's
     * own input is /dev/null).
     */
    static String remoteScript(WorkerCommand command, List<String> worker) {
        StringBuilder w = new StringBuilder();
        for (String word : worker) {
            w.append(quote(word)).append(' ');
        }
        return "while IFS= read -r braid_kv && [ -n \"$braid_kv\" ]; do export \"$braid_kv\"; done\n"
                + "mkdir -p " + quote(command.workingDir().toString()) + " && cd " + quote(command.workingDir().toString())
                + " || exit 1\n"
                + "exec 3<&0\n"
                + w + "</dev/null &\n"
                + "braid_w=$!\n"
                + "( while read -r braid_line; do :; done <&3; kill $braid_w 2>/dev/null ) &\n"
                + "braid_r=$!\n"
                + "exec 3<&-\n"
                + "wait $braid_w\n"
                + "braid_s=$?\n"
                + "kill $braid_r 2>/dev/null\n"
                + "exit $braid_s\n";
    }

    /** {@code KEY=VALUE} lines, then the empty line that ends them. */
    static String environmentLines(Map<String, String> env) {
        StringBuilder b = new StringBuilder();
        env.forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
        return b.append('\n').toString();
    }

    /** One shell word, whatever it holds. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\"'\"'") + "'";
    }
}
