package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The script ssh runs on the remote host, run here by /bin/sh as sshd would: it takes the
 * environment from its input, enters the working directory, and stops the worker when its input
 * closes (the ssh session ended).
 */
class SshRemoteScriptTest {
    @TempDir
    Path tmp;

    private WorkerCommand command(Path wd) {
        return new WorkerCommand("10.213.0.1", 4000, "n1", "10.213.0.2", 1, 1, List.of(), wd, null, "", 0, 0,
                Map.of("BRAID_RUN_SECRET", "it's a 'secret' with $pace"));
    }

    @Test
    void theWorkerGetsTheEnvironmentFromInputAndStopsWhenTheSessionCloses() throws Exception {
        Path wd = tmp.resolve("deep/wd");
        WorkerCommand c = command(wd);
        // Stands for the worker: records its environment and directory, then runs until stopped.
        List<String> worker = List.of("/bin/sh", "-c", "printf '%s\\n' \"$BRAID_RUN_SECRET\" \"$(pwd)\" > seen.tmp; "
                + "mv seen.tmp seen; echo $$ > pid; exec sleep 120");
        String script = SshLauncher.remoteScript(c, worker);
        Process p = new ProcessBuilder("/bin/sh", "-c", script).redirectErrorStream(true).start();
        OutputStream in = p.getOutputStream();
        in.write(SshLauncher.environmentLines(c.environment()).getBytes(StandardCharsets.UTF_8));
        in.flush();
        Path seen = wd.resolve("seen");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(seen) || !Files.exists(wd.resolve("pid")) || Files.readString(wd.resolve("pid")).isBlank()) {
            assertTrue(System.nanoTime() < deadline && p.isAlive(), "the worker did not start");
            Thread.sleep(20);
        }
        assertEquals(List.of("it's a 'secret' with $pace", wd.toString()), Files.readAllLines(seen));
        long pid = Long.parseLong(Files.readString(wd.resolve("pid")).trim());
        String cmdline = ProcessHandle.of(p.pid()).flatMap(h -> h.info().commandLine()).orElse("");
        assertFalse(cmdline.contains("secret"), cmdline);

        in.close(); // the ssh session ends
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the script did not end when its input closed");
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            assertTrue(System.nanoTime() < deadline, "the worker outlived its session");
            Thread.sleep(20);
        }
    }

    @Test
    void theScriptEndsWithTheWorkersStatus() throws Exception {
        WorkerCommand c = command(tmp.resolve("wd2"));
        Process p = new ProcessBuilder("/bin/sh", "-c", SshLauncher.remoteScript(c, List.of("/bin/sh", "-c", "exit 7")))
                .start();
        p.getOutputStream().write("\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().flush(); // the input stays open, as ssh's does
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(7, p.exitValue());
        p.getOutputStream().close();
    }

    @Test
    void theSshCommandLineCarriesNoEnvironmentAndUsesBatchModeAndTheUser() {
        WorkerCommand c = command(tmp.resolve("wd3"));
        NodeDescription node = new NodeDescription("10.213.0.2", 2, 0, null, 0, 0, 0, null, "/opt/braid", -1, Map.of(),
                "alice", 0, 0, null);
        WorkerLaunch launch = new WorkerLaunch(List.of("nice"), "/usr/bin/java", "/x/braid.jar", List.of("-Xmx1g"),
                "10.213.0.1", 4000, List.of("/app"), tmp, "info", 1, c.environment());
        List<String> ssh = new SshLauncher(List.of("-F", "/cfg"), 7).sshCommand(node, c, launch);
        String joined = String.join(" ", ssh);
        assertFalse(joined.contains("secret"), joined);
        assertEquals(List.of("ssh", "-T", "-o", "BatchMode=yes", "-o", "ConnectTimeout=7", "-F", "/cfg", "-l", "alice",
                "10.213.0.2"), ssh.subList(0, 11));
        assertTrue(joined.contains("/opt/braid/scripts/braid-worker") && joined.contains("-J-Xmx1g"), joined);
        assertFalse(joined.contains("nice"), "the local priority prefix is for local workers: " + joined);
        List<String> shared = new ArrayList<>(SshLauncher.workerCommand(new NodeDescription("h", 1, 0, null, 0, 0, 0,
                null, null, -1, Map.of()), c, launch));
        assertEquals(List.of("/usr/bin/java", "-Xmx1g"), shared.subList(0, 2));
    }
}
