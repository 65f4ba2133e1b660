package io.braid.it;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.Refusal;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.message.Message;
import io.braid.comm.transport.MessageHandler;
import io.braid.comm.transport.MessageServer;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connection security with real processes: workers that do not hold the run's secret cannot join,
 * and a run with {@code --tls} works with every connection encrypted.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SecurityTest extends ItBase {

    /** Records whatever reaches it: a refused worker must reach nothing. */
    @ChannelHandler.Sharable
    static final class Recorder extends MessageHandler {
        final List<Object> seen = new CopyOnWriteArrayList<>();

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            seen.add("active");
            super.channelActive(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            seen.add(msg);
        }
    }

    /** Starts a real worker JVM from braid.jar against {@code masterPort} with {@code env} added; returns its output and exit code. */
    private Process worker(int masterPort, Map<String, String> env) throws Exception {
        Path wd = tmp.resolve("worker");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", Repo.braidJar().toString(),
                "io.braid.worker.WorkerMain", "--master=127.0.0.1:" + masterPort, "--node=127.0.0.1", "--bind=127.0.0.1",
                "--cus=1", "--io_executors=1", "--classpath=" + tmp, "--workdir=" + wd, "--jobs_dir=" + wd.resolve("jobs"),
                "--log_file=" + tmp.resolve("worker.log")));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove(RunSecret.ENV);
        pb.environment().putAll(env);
        return pb.start();
    }

    private static List<String> outputLines(Process p) throws Exception {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "worker did not exit");
        return out.lines().toList();
    }

    @Test
    void aWorkerWithAWrongSecretFailsToJoinWithOneLineAndReachesNothing() throws Exception {
        BlockingQueue<Refusal> refusals = new LinkedBlockingQueue<>();
        Recorder recorder = new Recorder();
        ConnectionSecurity master = ConnectionSecurity.of(RunSecret.generate()).withRefusalListener(refusals::add);
        try (MessageServer server = MessageServer.start("127.0.0.1", 0, () -> recorder, "master", 1, master)) {
            Process w = worker(server.port(), Map.of(RunSecret.ENV, RunSecret.generate().toHex()));
            List<String> lines = outputLines(w);
            assertEquals(1, w.exitValue(), String.join("\n", lines));
            assertEquals(List.of("braid-worker 127.0.0.1: cannot join the run: cannot connect to master 127.0.0.1:"
                    + server.port() + ": the server refused this process's proof of the secret (the secret of another"
                    + " run?)"), lines);
            Refusal r = refusals.poll(10, TimeUnit.SECONDS);
            assertEquals(Refusal.Reason.WRONG_PROOF, r.reason());
            assertTrue(recorder.seen.isEmpty(), "the master's handler saw " + recorder.seen);
        }
    }

    @Test
    void aWorkerWithoutTheSecretDoesNotStart() throws Exception {
        Process w = worker(1, Map.of());
        List<String> lines = outputLines(w);
        assertEquals(2, w.exitValue(), String.join("\n", lines));
        assertEquals(List.of("braid-worker: cannot start: BRAID_RUN_SECRET is not set: a worker needs the run's secret"
                + " in its environment (braid-run and its launchers set it)"), lines);
    }

    @Test
    void aRunWithTlsMovesTasksAndDataOverEncryptedConnections() {
        int n = 20;
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("fanout").cluster(cluster).main("fanout.Main")
                .options("--tls", "--log_level=info").args(n).run();
        assertEquals(0, r.exitCode(), r::describe);
        long expected = 0;
        for (long i = 1; i <= n; i++) {
            expected += i * i + 1;
        }
        assertEquals(String.valueOf(expected), r.value("sum="), r::describe);
        String log = r.runtimeLog();
        assertTrue(log.matches("(?s).*master listening on 127\\.0\\.0\\.1:\\d+ \\(TLS\\).*"), r::describe);
        assertTrue(log.matches("(?s).*master-data listening on 127\\.0\\.0\\.1:\\d+ \\(TLS\\).*"), r::describe);
        assertEquals(2, r.workerLogs().size(), r::describe);
        r.workerLogs().forEach((node, workerLog) -> assertTrue(workerLog.matches("(?s).*data-\\S+ listening on \\S+ \\(TLS\\).*"),
                () -> node + "\n" + r.describe()));
        // A one-machine run listens on loopback only: the master on 127.0.0.1, each worker on its node's address.
        List<String> bound = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(" listening on (\\S+):\\d+").matcher(
                log + String.join("\n", r.workerLogs().values()));
        while (m.find()) {
            bound.add(m.group(1));
        }
        assertEquals(List.of("127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.3"),
                bound.stream().sorted().toList(), r::describe);
    }

    @Test
    void aRunWithTlsUsesObjectStreamsOverEncryptedConnections() {
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("exchange").cluster(cluster).main("exchange.Main")
                .options("--tls", "--log_level=info").args("hybrid", 4, 6, 20).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.runtimeLog().matches("(?s).*stream-server listening on 127\\.0\\.0\\.1:\\d+ \\(TLS\\).*"), r::describe);
        List<String> cells = r.stdoutStartingWith("cell ");
        assertEquals(4, cells.size(), r::describe);
        for (String line : cells) {
            String[] parts = line.split(" ");
            assertEquals(parts[2].substring("state=".length()), parts[3].substring("expected=".length()),
                    () -> line + "\n" + r.describe());
        }
    }
    /**
     * The secret reaches a worker in its environment only: it is in /proc/PID/environ of the
     * worker (readable by its user alone) and on no process's command line (which every user sees).
     */
    @Test
    void theSecretIsInTheWorkersEnvironmentAndOnNoCommandLine() throws Exception {
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        BraidRunner.Running run = BraidRunner.in(tmp).app("exchange").cluster(cluster).main("exchange.Main")
                .options("--log_level=info").args("hybrid", 4, 2000, 20).start();
        try {
            run.awaitRuntimeLog(java.util.regex.Pattern.compile("(running \\S+ with)"));
            ProcessHandle worker = run.workerProcess("127.0.0.2").orElseThrow(
                    () -> new AssertionError("no worker process for 127.0.0.2"));
            String secret = null;
            for (String entry : java.nio.file.Files.readString(Path.of("/proc", String.valueOf(worker.pid()), "environ"))
                    .split("\0")) {
                if (entry.startsWith(RunSecret.ENV + "=")) {
                    secret = entry.substring(RunSecret.ENV.length() + 1);
                }
            }
            assertTrue(secret != null && secret.matches("[0-9a-f]{64}"), "the worker's environment has the secret");
            List<String> showing = new ArrayList<>();
            try (var procs = java.nio.file.Files.list(Path.of("/proc"))) {
                for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                    try {
                        String cmdline = new String(java.nio.file.Files.readAllBytes(p.resolve("cmdline")),
                                StandardCharsets.UTF_8);
                        if (cmdline.contains(secret)) {
                            showing.add(p.getFileName() + ": " + cmdline.replace('\0', ' '));
                        }
                    } catch (java.io.IOException gone) {
                        // the process ended meanwhile
                    }
                }
            }
            assertEquals(List.of(), showing, "processes showing the secret on their command line");
        } finally {
            run.process().destroy(); // braid-run stops its workers on SIGTERM
            FailureTest.awaitNoLeftovers(run.await());
        }
    }
    /** The user's own certificate and key (made with openssl, RSA) instead of a generated one. */
    @Test
    void aRunWithTheUsersCertificateAndKeyWorks() throws Exception {
        Path cert = tmp.resolve("cert.pem");
        Path key = tmp.resolve("key.pem");
        Process openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                key.toString(), "-out", cert.toString(), "-subj", "/CN=braid-test", "-days", "2")
                .redirectErrorStream(true).start();
        String out = new String(openssl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(openssl.waitFor(60, TimeUnit.SECONDS) && openssl.exitValue() == 0, out);
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("fanout").cluster(cluster).main("fanout.Main")
                .options("--tls_cert=" + cert, "--tls_key=" + key, "--log_level=info").args(6).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.runtimeLog().matches("(?s).*master listening on 127\\.0\\.0\\.1:\\d+ \\(TLS\\).*"), r::describe);

        RunResult half = BraidRunner.in(tmp.resolve("half")).app("fanout").main("fanout.Main")
                .options("--tls_cert=" + cert).args(6).run();
        assertEquals(2, half.exitCode(), half::describe);
        assertEquals(List.of("braid-run: --tls_cert needs --tls_key (its private key)"), half.stderrLines());
        RunResult swapped = BraidRunner.in(tmp.resolve("swapped")).app("fanout").main("fanout.Main")
                .options("--tls_cert=" + key, "--tls_key=" + cert).args(6).run();
        assertEquals(2, swapped.exitCode(), swapped::describe);
        assertEquals(List.of("braid-run: --tls_cert/--tls_key: " + key + ": no -----BEGIN CERTIFICATE----- block"),
                swapped.stderrLines());
    }
    /** File versions move between the master and two workers over TLS (chunks of files, not objects). */
    @Test
    void aRunWithTlsMovesFiles() throws Exception {
        String rel = "data/result.txt";
        RunResult r = BraidRunner.in(tmp).app("files").cluster(Clusters.local(2).cus(2).write(tmp.resolve("xml")))
                .main("files.Main").options("--tls").args(rel).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("alpha..epsilon", r.value("first..last: "), r::describe);
        assertEquals(List.of("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"),
                java.nio.file.Files.readAllLines(tmp.resolve(rel)), r::describe);
    }
}
