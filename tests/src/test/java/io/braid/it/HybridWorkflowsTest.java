package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tasks that take streams, through braid-run on local workers: the continuous-generation and
 * asynchronous-exchange examples in both their hybrid and task-only forms, producers before
 * consumers on a single slot, a failing producer, and the rejections of bad stream parameters.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HybridWorkflowsTest extends ItBase {

    /** The runtime.log line naming the embedded broker's data directory. */
    private static final Pattern BROKER_DATA =
            Pattern.compile("embedded Kafka broker at \\S+ \\(data (\\S+)\\) accepts clients");

    @Test
    void continuousGenerationGivesTheSameExactResultsHybridAndTaskOnly() {
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        for (String mode : List.of("hybrid", "tasks")) {
            RunResult r = BraidRunner.in(runDir(mode)).app("simulations").cluster(cluster).main("simulations.Main")
                    .options("--log_level=info").args(mode, 2, 6, 50, 50, tmp.resolve("out-" + mode)).run();
            assertEquals(0, r.exitCode(), r::describe);
            // File streams only: no Kafka broker is started.
            assertFalse(r.runtimeLog().contains("embedded Kafka broker"), r::describe);
            // sim s, file k holds 1..(10(s+1)+k): totals 55+66+...+120 = 515 and 210+...+325 = 1595
            assertEquals("515 files=6 expected=515", r.value("sim 0 total="), r::describe);
            assertEquals("1595 files=6 expected=1595", r.value("sim 1 total="), r::describe);
        }
    }

    @Test
    void asynchronousExchangeGivesTheSameExactStatesHybridAndTaskOnly() {
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        for (String mode : List.of("hybrid", "tasks")) {
            RunResult r = BraidRunner.in(runDir(mode)).app("exchange").cluster(cluster).main("exchange.Main")
                    .options("--log_level=info").args(mode, 4, 6, 20).run();
            assertEquals(0, r.exitCode(), r::describe);
            if (mode.equals("hybrid")) {
                // Its tasks take object streams: the broker starts with the run, every worker readies its clients.
                assertTrue(r.runtimeLog().contains("object streams ready at"), r::describe);
                assertEquals(2, r.workerLogs().size(), r::describe);
                r.workerLogs().forEach((node, log) ->
                        assertTrue(log.contains("object streams ready after"), () -> node + "\n" + r.describe()));
            }
            // Even a run that ends while the broker is still starting stops it without a fatal error.
            assertFalse(r.runtimeLog().contains("ERROR"), r::describe);
            List<String> cells = r.stdoutStartingWith("cell ");
            assertEquals(4, cells.size(), r::describe);
            for (String line : cells) {
                String[] parts = line.split(" ");
                assertEquals(parts[2].substring("state=".length()), parts[3].substring("expected=".length()),
                        () -> mode + ": " + line + "\n" + r.describe());
            }
        }
    }

    /** A run directory of its own per run of a test (one log dir each). */
    private java.nio.file.Path runDir(String name) {
        try {
            return java.nio.file.Files.createDirectories(tmp.resolve(name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void producerRunsBeforeItsReadyConsumerOnASingleSlot() {
        // The consumer is ready at once; its producer waits for a slow task. With one computing
        // unit, a consumer that took the slot first would wait forever for its producer.
        Clusters.Files cluster = Clusters.local(1).cus(1).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("streamorder").cluster(cluster).main("streamorder.Main")
                .args("order", 20, tmp.resolve("data")).options("-g").run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("20 sum=20570 expected=20570", r.value("produced="), r::describe);
    }

    @Test
    void producerFailingForGoodStopsTheRunWithItsError() {
        RunResult r = BraidRunner.in(tmp).app("streamorder").main("streamorder.Main").args("fail", 20)
                .options("--log_level=info").run();
        assertEquals(1, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("task streamorder.Tasks.produceThenFail(") && r.stderr().contains("producer broke"),
                r::describe);
        // It had published: it is not run again (a re-run would publish the same elements twice).
        assertTrue(r.stderr().contains("it had published or taken stream elements, so it is not run again"), r::describe);
        assertFalse(r.runtimeLog().contains("resubmitting it to another resource"), r::describe);
        // Before stopping, the run closed the failed producer's stream for its readers.
        assertTrue(r.runtimeLog().contains("for writer task-1.0 (its task failed)"), r::describe);
        FailureTest.awaitNoLeftovers(r);
        // The embedded broker stopped before the master exited: its temporary data directory is gone.
        Matcher broker = BROKER_DATA.matcher(r.runtimeLog());
        assertTrue(broker.find(), r::describe);
        Path data = Path.of(broker.group(1));
        assertFalse(Files.exists(data), () -> data + " is left behind\n" + r.describe());
    }

    @Test
    void aStreamWriterThatFailedBeforePublishingRunsAgainAndItsReaderGetsEveryElementOnce() {
        RunResult r = BraidRunner.in(tmp).app("streamorder").main("streamorder.Main").args("retry", 50, tmp.resolve("data"))
                .run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("50 sum=1225", r.value("read="), r::describe);
        assertTrue(r.runtimeLog().contains("resubmitting it to another resource"), r::describe);
    }

    @Test
    void aRunStoppedBySigtermStopsItsBrokerAndRemovesItsData() {
        // As Ctrl-C or a batch system's time limit would: SIGTERM to braid-run while the ring runs.
        BraidRunner.Running run = startLongRing();
        Path data = Path.of(run.awaitRuntimeLog(BROKER_DATA));
        run.awaitRuntimeLog(Pattern.compile("(object streams ready at)"));
        run.process().destroy();
        RunResult r = run.await();
        assertNotEquals(0, r.exitCode(), r::describe);
        assertFalse(r.stdout().contains("elapsed_ms="), () -> "the run ended before the signal\n" + r.describe());
        assertFalse(Files.exists(data), () -> data + " is left behind\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void aWorkerLostWhileItRunsStreamTasksStopsTheRunWithOneErrorInsteadOfRunningThemAgain() {
        // Run again, a cell would publish its values from the first iteration once more to
        // neighbours that already have them; with its worker's slots gone, the ring would hang.
        BraidRunner.Running run = startLongRing();
        Path data = Path.of(run.awaitRuntimeLog(BROKER_DATA));
        run.awaitRuntimeLog(Pattern.compile("(topic of object stream \\S+-4 created)"));
        java.util.Optional<ProcessHandle> victim = run.workerProcess("127.0.0.3");
        assertTrue(victim.isPresent(), "no worker process with --node=127.0.0.3 under braid-run");
        assertTrue(victim.get().destroyForcibly(), "could not kill the worker");
        RunResult r = run.await();
        assertEquals(1, r.exitCode(), r::describe);
        assertFalse(r.stdout().contains("elapsed_ms="), () -> "the ring finished before the loss\n" + r.describe());
        assertTrue(r.stderr().contains("worker 127.0.0.3 was lost while it ran") && r.stderr().contains(
                "that take streams: exchange.Tasks.iterate(") && r.stderr().contains("such a task is not run again"),
                r::describe);
        assertFalse(Files.exists(data), () -> data + " is left behind\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    /** The exchange ring, hybrid, on two workers of 2 slots: 2000 iterations, long enough to be interrupted. */
    private BraidRunner.Running startLongRing() {
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        return BraidRunner.in(tmp).app("exchange").cluster(cluster).main("exchange.Main")
                .options("--log_level=info").args("hybrid", 4, 2000, 20).start();
    }

    @Test
    void streamParameterDeclaredInoutIsRejectedBeforeAnythingRuns() {
        RunResult r = BraidRunner.in(tmp).app("badstreams").main("badstreams.inout.Main").run();
        assertNotEquals(0, r.exitCode(), r::describe);
        assertFalse(r.stdout().contains("main ran"), r::describe);
        assertTrue(r.stderr().contains("badstreams.inout.MainItf.both(") && r.stderr().contains("INOUT"), r::describe);
    }

    @Test
    void aRunRejectedWhileItsClassesAreReadStopsTheBrokerStartedAheadOfThem() {
        // --streaming=OBJECTS starts the broker before the application's classes are read; the
        // rejection found there must still stop it and remove its data.
        RunResult r = BraidRunner.in(tmp).app("badstreams").main("badstreams.inout.Main")
                .options("--streaming=OBJECTS", "--log_level=info").run();
        assertNotEquals(0, r.exitCode(), r::describe);
        assertFalse(r.stdout().contains("main ran"), r::describe);
        assertTrue(r.stderr().contains("badstreams.inout.MainItf.both(") && r.stderr().contains("INOUT"), r::describe);
        Matcher broker = BROKER_DATA.matcher(r.runtimeLog());
        assertTrue(broker.find(), () -> "no broker was started ahead\n" + r.describe());
        Path data = Path.of(broker.group(1));
        assertFalse(Files.exists(data), () -> data + " is left behind\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void streamTypeOnAValueThatIsNotAStreamIsRejectedBeforeAnythingRuns() {
        RunResult r = BraidRunner.in(tmp).app("badstreams").main("badstreams.notastream.Main").run();
        assertNotEquals(0, r.exitCode(), r::describe);
        assertFalse(r.stdout().contains("main ran"), r::describe);
        assertTrue(r.stderr().contains("badstreams.notastream.MainItf.feed(")
                && r.stderr().contains("type=STREAM) on a parameter of type java.util.List"), r::describe);
    }

    @Test
    void streamKindsTheRunDisablesAreRefusedNamingTheFlag() {
        RunResult r = BraidRunner.in(tmp).app("simulations").main("simulations.Main").options("--streaming=OBJECTS")
                .args("hybrid", 1, 1, 1, 1, tmp.resolve("out")).run();
        assertEquals(1, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("file streams are disabled") && r.stderr().contains("--streaming=OBJECTS"),
                r::describe);

        RunResult bad = BraidRunner.in(tmp).app("simulations").main("simulations.Main")
                .options("--streaming_backend=localhost:9092").args("hybrid", 1, 1, 1, 1, tmp.resolve("out")).run();
        assertEquals(2, bad.exitCode(), bad::describe);
        assertTrue(bad.stderr().contains("--streaming_backend=localhost:9092"), bad::describe);
    }
}
