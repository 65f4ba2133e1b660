package io.braid.it;

import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.protocol.StreamSecretFile;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The processes of the cross-process stream tests: a standalone stream server
 * (scripts/braid-stream-server) and application JVMs on braid.jar that find it through
 * {@code BRAID_STREAM_SERVER}, as docs/STREAMS.md shows.
 */
final class StreamJvms {

    private StreamJvms() {
    }

    /** A running standalone server; closing it stops it (SIGTERM: its shutdown hook closes the broker). */
    record Server(Process process, String address, Path secretFile) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** Starts the server with its data under {@code dir}/server and its log in {@code dir}/server.err. */
    static Server startServer(Path dir) throws Exception {
        Process p = new ProcessBuilder(Repo.root().resolve("scripts/braid-stream-server").toString(), "--port=0",
                "--host=127.0.0.1", "--work_dir=" + dir.resolve("server"))
                .redirectError(dir.resolve("server.err").toFile()).start();
        try {
            BufferedReader out = lines(p);
            String first = readLine(out, 60);
            if (first == null || !first.startsWith("BRAID_STREAM_SERVER=127.0.0.1:")) {
                throw new IllegalStateException("stream server's first line: " + first + " (log: " + dir.resolve("server.err") + ")");
            }
            String second = readLine(out, 10);
            if (second == null || !second.startsWith("BRAID_STREAM_SECRET_FILE=")) {
                throw new IllegalStateException("stream server's second line: " + second);
            }
            return new Server(p, first.substring("BRAID_STREAM_SERVER=".length()),
                    Path.of(second.substring("BRAID_STREAM_SECRET_FILE=".length())));
        } catch (Exception | Error e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /**
     * Has the server start its embedded broker now (it does on the first object stream): its
     * start-up takes seconds of CPU, which on a loaded machine would otherwise land while the
     * application JVMs start and make their first Kafka calls wait.
     */
    static void startKafka(Server server) throws Exception {
        try (DistroStreamClient c = new DistroStreamClient(server.address(), "warm-up", null, 120_000,
                StreamSecretFile.read(server.secretFile()))) {
            c.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null);
        }
    }

    /**
     * Starts {@code main} of the compiled app {@code classes} in its own JVM, a process of application
     * {@code appId} using the server at {@code server}; stderr goes to {@code stderr} (null: discarded).
     */
    static Process start(Server server, String appId, Path classes, Path stderr, String main, String... args)
            throws IOException {
        return start(server, appId, Map.of(), classes, stderr, main, args);
    }

    /** As {@link #start(String, String, Path, Path, String, String...)}, with more environment variables. */
    static Process start(Server server, String appId, Map<String, String> env, Path classes, Path stderr, String main,
            String... args) throws IOException {
        return start(server, appId, List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"), env, classes, stderr, main,
                args);
    }

    /** As {@link #start(Server, String, Map, Path, Path, String, String...)}, with these JVM options only. */
    static Process start(Server server, String appId, List<String> jvmOptions, Map<String, String> env, Path classes,
            Path stderr, String main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", Repo.braidJar() + File.pathSeparator + classes, main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(
                stderr == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stderr.toFile()));
        pb.environment().put("BRAID_STREAM_SERVER", server.address());
        pb.environment().put(StreamSecretFile.ENV, server.secretFile().toString());
        pb.environment().put("BRAID_APP_ID", appId);
        pb.environment().putAll(env);
        return pb.start();
    }

    static BufferedReader lines(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    /** The next line, or null at end of stream; fails after {@code timeoutSeconds}. */
    static String readLine(BufferedReader in, int timeoutSeconds) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return in.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).get(timeoutSeconds, TimeUnit.SECONDS);
    }

    /** Reads lines until {@code expected}; the lines read, ending with it, or null at end of stream or timeout. */
    static List<String> awaitLine(BufferedReader in, String expected, int timeoutSeconds) throws Exception {
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            long left = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime()));
            String line;
            try {
                line = readLine(in, (int) left);
            } catch (TimeoutException e) {
                return null;
            }
            if (line == null) {
                return null;
            }
            seen.add(line);
            if (line.equals(expected)) {
                return seen;
            }
        }
    }

    /** For failure messages: the stacks of a live process's threads that run Braid or application code. */
    static String threadsOf(Process p) {
        if (!p.isAlive()) {
            return "\n(process " + p.pid() + " exited with " + p.exitValue() + ")";
        }
        try {
            Process jstack = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstack").toString(),
                    String.valueOf(p.pid())).redirectErrorStream(true).start();
            String dump = new String(jstack.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            jstack.waitFor(30, TimeUnit.SECONDS);
            StringBuilder b = new StringBuilder("\n--- threads of process " + p.pid() + ":\n");
            for (String thread : dump.split("\n\n")) {
                if (thread.contains("io.braid") || thread.contains("streamapp")) {
                    b.append(thread).append("\n\n");
                }
            }
            return b.toString();
        } catch (IOException | InterruptedException e) {
            return "\n(no thread dump of " + p.pid() + ": " + e + ")";
        }
    }

    /** The rest of {@code in} until end of stream, read as it comes (a full pipe never blocks the writer). */
    static CompletableFuture<String> rest(BufferedReader in) {
        return CompletableFuture.supplyAsync(() -> {
            StringBuilder b = new StringBuilder();
            try {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    b.append(line).append('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return b.toString();
        });
    }
}
