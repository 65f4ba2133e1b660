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
                List.of("--sc_cfg=mn5", "--agents", "--num_nodes=two", "app.Main"),
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

    /**
     * An enqueue_compss command line as COMPSs scripts write it: its flags are mapped to sbatch's,
     * passed to braid-run (runcompss's, -dgt split), or accepted with one warning line each. A
     * stand-in sbatch on the PATH records what it was given (no SLURM needed).
     */
    @Test
    void enqueueCompssFlagsAreMappedPassedOrWarnedOnce() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path sbatch = bin.resolve("sbatch");
        Files.writeString(sbatch, "#!/bin/bash\nprintf '%s\\n' \"$@\" > \"$PWD/sbatch.args\"\ncat > \"$PWD/sbatch.script\"\necho 42\n");
        assertTrue(sbatch.toFile().setExecutable(true));
        Path run = Files.createDirectories(tmp.resolve("run"));
        Enqueue.Result r = Enqueue.run(run, Map.of("PATH", bin + ":" + System.getenv("PATH")), List.of("--sc_cfg=mn5",
                "--num_nodes=3", "--exec_time", "20", "--queue=default", "--qos=default", "--reservation=disabled",
                "--constraints=highmem", "--project_name=bsc19", "--job_dependency=None", "--node_memory=disabled",
                "--extra_submit_flag=--mail-type#ALL", "--agents", "--agents=tree", "--network=ethernet",
                "--forward_cpus_per_node=true", "--base_log_dir=" + tmp.resolve("logs"), "--job_execution_dir", ".",
                "--comm=es.bsc.compss.nio.master.NIOAdaptor", "-dgt", "--lang=java", "--summary", "app.Main", "3"));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("Submitted batch job 42", r.stdout().strip());
        assertEquals(List.of("braid-enqueue: ignoring enqueue_compss flag --sc_cfg: braid-enqueue submits to SLURM as it "
                        + "is configured: no supercomputer configuration files",
                "braid-enqueue: ignoring enqueue_compss flag --agents: Braid has no agents mode"), r.stderr().lines().toList());
        List<String> args = Files.readAllLines(run.resolve("sbatch.args"));
        for (String a : List.of("--nodes=3", "--time=20", "--constraint=highmem", "--account=bsc19", "--mail-type", "ALL",
                "--chdir=" + run.toRealPath())) {
            assertTrue(args.contains(a), () -> a + " missing from " + args);
        }
        assertFalse(args.stream().anyMatch(a -> a.startsWith("--partition") || a.startsWith("--qos")
                || a.startsWith("--reservation") || a.startsWith("--dependency") || a.startsWith("--mem")), args::toString);
        String script = Files.readString(run.resolve("sbatch.script"));
        assertTrue(script.contains(" --base_log_dir=" + tmp.resolve("logs").toRealPath()
                + " --comm=es.bsc.compss.nio.master.NIOAdaptor -d -g -t --lang=java --summary app.Main 3"), script);
    }

    @Test
    void versionAndOptsAreAnsweredHere() {
        Enqueue.Result version = Enqueue.run(tmp, Map.of(), List.of("-v"));
        assertEquals(0, version.exitCode(), version.stderr());
        assertTrue(version.stdout().startsWith("Braid "), version.stdout());
        Enqueue.Result opts = Enqueue.run(tmp, Map.of(), List.of("--opts"));
        assertEquals(0, opts.exitCode(), opts.stderr());
        assertTrue(opts.stdout().contains("--sc_cfg=VALUE") && opts.stdout().contains("--comm=CLASS"), opts.stdout());
    }
}
