package io.braid.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * braid-enqueue's command line, checked before anything is submitted, and braid-run's SLURM
 * options outside an allocation (no SLURM needed).
 */
class BraidEnqueueOptionsTest {
    @TempDir
    Path tmp;

    @Test
    void helpListsEveryOptionWithItsDoc() {
        Enqueue.Result r = Enqueue.run(tmp, Map.of(), List.of("--help"));
        assertEquals(0, r.exitCode(), r.stderr());
        for (String option : List.of("--num_nodes=N", "--exec_time=MINUTES", "--qos=QOS", "--queue=PARTITION",
                "--job_name=NAME", "--cpus_per_node=N", "--node_memory=MB", "--worker_in_master_cpus=N",
                "--master_working_dir=DIR", "--worker_working_dir=DIR", "--log_dir=DIR", "--job_dependency=JOBID")) {
            assertTrue(r.stdout().lines().anyMatch(l -> l.strip().startsWith(option) && l.length() > option.length() + 10),
                    () -> option + " missing from the help:\n" + r.stdout());
        }
        // braid-run's own options, passed through, are listed from braid.jar's declaration
        assertTrue(r.stdout().contains("--classpath=CP"), r.stdout());
        assertTrue(r.stdout().contains("--log_level="), r.stdout());
    }

    @Test
    void anUnknownFlagIsOneLineAndExitTwo() {
        Enqueue.Result r = Enqueue.run(tmp, Map.of(), List.of("--num_nodes=3", "--no_such_flag=1", "app.Main"));
        assertEquals(2, r.exitCode());
        assertEquals("", r.stdout());
        List<String> lines = r.stderr().lines().toList();
        assertEquals(1, lines.size(), r.stderr());
        assertTrue(lines.get(0).startsWith("braid-enqueue: unknown option --no_such_flag"), lines.get(0));
        assertFalse(Files.exists(tmp.resolve("braid-.out")));
    }

    @Test
    void wrongValuesAndXmlFilesAreOneLineEach() {
        for (List<String> args : List.of(List.of("--num_nodes=two", "app.Main"), List.of("--num_nodes=1", "app.Main"),
                List.of("--resources=r.xml", "app.Main"), List.of("--num_nodes=3"), List.of("-cp"))) {
            Enqueue.Result r = Enqueue.run(tmp, Map.of(), args);
            assertEquals(2, r.exitCode(), () -> args + ": " + r.stderr());
            assertEquals(1, r.stderr().lines().count(), () -> args + ": " + r.stderr());
            assertTrue(r.stderr().startsWith("braid-enqueue: "), r.stderr());
        }
    }

    @Test
    void braidRunSlurmOutsideAnAllocationIsOneLine() {
        RunResult r = BraidRunner.in(tmp.resolve("outside")).app("fanout").options("--slurm").main("fanout.Main").args(4)
                .env("SLURM_JOB_ID", "").run();
        assertEquals(2, r.exitCode(), r::describe);
        assertEquals(List.of("braid-run: --slurm: SLURM_JOB_ID is not set: not inside a SLURM allocation "
                + "(submit with scripts/braid-enqueue)"), r.stderrLines(), r::describe);

        RunResult unresolved = BraidRunner.in(tmp.resolve("unresolved")).app("fanout").options("--slurm")
                .main("fanout.Main").args(4).env("SLURM_JOB_ID", "7").env("SLURM_JOB_NODELIST", "nosuch[1-2].invalid")
                .env("SLURM_JOB_CPUS_PER_NODE", "2(x2)").env("SLURMD_NODENAME", "nosuch1.invalid").run();
        assertEquals(1, unresolved.exitCode(), unresolved::describe);
        assertEquals(List.of("braid-run: SLURM node nosuch2.invalid: its name does not resolve to an address"),
                unresolved.stderrLines(), unresolved::describe);

        RunResult noSlurm = BraidRunner.in(tmp.resolve("no-slurm")).app("fanout").options("--worker_in_master_cpus=2").main("fanout.Main")
                .args(4).run();
        assertEquals(2, noSlurm.exitCode(), noSlurm::describe);
        assertEquals(1, noSlurm.stderrLines().size(), noSlurm::describe);
        assertTrue(noSlurm.stderrLines().get(0).contains("--worker_in_master_cpus applies to --slurm runs only"),
                noSlurm::describe);
    }
}
