package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hybrid workflow examples of docs/HYBRID.md run through braid-run on two local workers:
 * (c) tests/apps/java/sensor, a sensor JVM outside the application feeding it through a
 * standalone stream server, and (d) tests/apps/java/batches, a stream consumed in batches that
 * each become a task.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class HybridExamplesCdTest extends ItBase {

    /** Example c: the sensor's readings go through 4 filter tasks, one extractor task and statistics tasks. */
    @Test
    void externalSensorStreamIsFilteredExtractedAndSummarised() throws Exception {
        int n = 200;
        Process server = new ProcessBuilder(Repo.root().resolve("scripts/braid-stream-server").toString(), "--port=0",
                "--host=127.0.0.1", "--work_dir=" + tmp.resolve("server")).redirectError(tmp.resolve("server.err").toFile())
                .start();
        Process sensor = null;
        try {
            String[] found = serverAddressAndSecretFile(server);
            String address = found[0];
            String secretFile = found[1];
            Path classes = BraidApp.classes("sensor");
            // The sensor starts first and publishes while the application starts; either may create the stream.
            sensor = javaProcess(address, secretFile, classes, "sensor.Sensor", "readings", String.valueOf(n), "5");
            RunResult r = BraidRunner.in(tmp).classpath(classes.toString())
                    .cluster(Clusters.local(2).cus(2).write(tmp.resolve("xml"))).env("BRAID_STREAM_SERVER", address)
                    .env("BRAID_STREAM_SECRET_FILE", secretFile).main("sensor.Main").args("readings", 4, 3).run();
            assertTrue(sensor.waitFor(60, TimeUnit.SECONDS), "sensor did not finish");
            String sensorOut = new String(sensor.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(0, sensor.exitValue(), sensorOut);

            assertEquals(0, r.exitCode(), r::describe);
            // One stream, on the standalone server: the sensor and the application name the same id.
            String streamId = sensorOut.substring(sensorOut.lastIndexOf(' ') + 1);
            assertEquals("sensor published " + n + " readings on " + streamId, sensorOut);
            assertEquals(streamId + " ('readings')", r.value("attached to "), r::describe);

            List<String> filters = r.stdoutStartingWith("filter ");
            assertEquals(4, filters.size(), r::describe);
            int total = 0;
            for (String line : filters) {
                total += Integer.parseInt(line.substring(line.indexOf("read=") + 5));
            }
            assertEquals(n, total, () -> "each reading to exactly one filter\n" + r.describe());
            assertEquals(String.valueOf(n), r.value("readings="), r::describe);

            StringJoiner seqs = new StringJoiner(",");
            long count = 0;
            long sum = 0;
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (int seq = 0; seq < n; seq++) {
                int value = (37 * seq + 11) % 100; // the rule of sensor.Reading
                if (value >= 75) {
                    seqs.add(String.valueOf(seq));
                    count++;
                    sum += value;
                    min = Math.min(min, value);
                    max = Math.max(max, value);
                }
            }
            assertEquals(50, count);
            assertEquals("count=" + count + " sum=" + sum + " min=" + min + " max=" + max, r.value("relevant "), r::describe);
            assertEquals(seqs.toString(), r.value("relevant_seqs="), r::describe);
        } finally {
            if (sensor != null) {
                sensor.destroyForcibly();
            }
            server.destroy();
            server.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /** The run uses the server BRAID_STREAM_SERVER names; when none answers there it stops before any task. */
    @Test
    void aStreamServerThatDoesNotAnswerStopsTheRunWithOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        RunResult r = BraidRunner.in(tmp).app("sensor").env("BRAID_STREAM_SERVER", "127.0.0.1:" + port)
                .main("sensor.Main").args("readings", 4, 3).run();
        assertEquals(1, r.exitCode(), r::describe);
        assertTrue(r.stderr().startsWith("braid-run: BRAID_STREAM_SERVER=127.0.0.1:" + port
                + ": no stream server answers at 127.0.0.1:" + port + " ("), r::describe);
        assertEquals(1, r.stderrLines().size(), r::describe);
        assertTrue(r.stdout().isEmpty(), r::describe);
    }

    /** Example d: producer tasks publish, the main program batches what it reads and starts a task per batch. */
    @Test
    void streamConsumedInBatchesThatEachBecomeATask() {
        int n = 400;
        int batch = 64;
        RunResult r = BraidRunner.in(tmp).app("batches").cluster(Clusters.local(2).cus(2).write(tmp.resolve("xml")))
                .main("batches.Main").args(n, batch, 2, 2).run();

        assertEquals(0, r.exitCode(), r::describe);
        List<String> expectedSizes = new ArrayList<>();
        for (int k = 0; k < n / batch; k++) {
            expectedSizes.add("batch " + k + " size=" + batch);
        }
        expectedSizes.add("batch " + n / batch + " size=" + n % batch);
        assertEquals(expectedSizes, r.stdoutStartingWith("batch "), r::describe);
        long squares = 0;
        for (long x = 0; x < n; x++) {
            squares += x * x;
        }
        int batches = expectedSizes.size();
        assertEquals("=" + n + " distinct=" + n + " repeated=0 missing=0 sum_squares=" + squares + " batches=" + batches,
                r.value("elements"), r::describe);
        assertEquals("batches=" + batches + " sum_squares=" + squares, r.value("expected "), r::describe);
        int whileOpen = Integer.parseInt(r.value("spawned_while_open="));
        assertTrue(whileOpen >= 0 && whileOpen <= n / batch, r::describe);
    }

    /** The server's address and secret file, from its first two lines. */
    private static String[] serverAddressAndSecretFile(Process server) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String[] two = CompletableFuture.supplyAsync(() -> {
            try {
                return new String[] {out.readLine(), out.readLine()};
            } catch (Exception e) {
                return new String[2];
            }
        }).get(60, TimeUnit.SECONDS);
        assertTrue(two[0] != null && two[0].startsWith("BRAID_STREAM_SERVER=127.0.0.1:"), "first line: " + two[0]);
        assertTrue(two[1] != null && two[1].startsWith("BRAID_STREAM_SECRET_FILE="), "second line: " + two[1]);
        return new String[] {two[0].substring("BRAID_STREAM_SERVER=".length()),
                two[1].substring("BRAID_STREAM_SECRET_FILE=".length())};
    }

    private Process javaProcess(String server, String secretFile, Path classes, String main, String... args)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", Repo.braidJar() + File.pathSeparator + classes,
                main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(tmp.resolve(main + ".err").toFile());
        pb.environment().put("BRAID_STREAM_SERVER", server);
        pb.environment().put("BRAID_STREAM_SECRET_FILE", secretFile);
        return pb.start();
    }
}
