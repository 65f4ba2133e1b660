package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.it.hosts.Commands;
import io.braid.it.hosts.HostPackages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Binary and MPI tasks (issue 24, point 6): tests/apps/java/compssbinary declares {@code @Binary}
 * and {@code @MPI} tasks as COMPSs does (imports renamed), calls them through stub classes, and
 * runs through braid-run on nodes described in COMPSs' XML form ({@link CompssNodes}). The
 * programs are shell scripts written here and an MPI C program compiled with Open MPI's mpicc
 * (Debian's openmpi-bin and libopenmpi-dev, installed when missing).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class CompssBinaryTest extends ItBase {

    private BraidRunner run(String scenario, CompssNodes nodes) throws IOException {
        Path bin = scripts();
        return nodes.on(BraidRunner.in(tmp).app("compssbinary")).main("compssbinary.Main")
                .args(scenario, tmp.resolve("data"))
                .env("BIN_DIR", bin.toString())
                .env("WORK_DIR", tmp.resolve("wd").toString())
                // Open MPI refuses to start as root without these (CI runs the suite as root).
                .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    }

    @Test
    void binaryAndMpiTasksRenderArgumentsRedirectStreamsAndReturnExitValues() throws IOException {
        HostPackages.ensure("openmpi-bin", "libopenmpi-dev");
        compileMpiProgram();
        RunResult r = run("programs", CompssNodes.write(tmp.resolve("xml"), 2, 2)).options("--log_level=debug").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("0", r.value("[LOG] args exit="), r::describe);
        // declaration order, prefix glued to the value, boolean as text, FILE as a readable path, '#' left out
        String[] args = r.value("[LOG] args lines=").split("\\|");
        assertEquals(5, args.length, r::describe);
        assertEquals("3", args[0], r::describe);
        assertEquals("--name=Hello World", args[1], r::describe);
        assertEquals("true", args[2], r::describe);
        assertTrue(args[3].startsWith("-i/") && args[3].endsWith("input.txt"), r::describe);
        assertEquals("in", args[4], () -> "the binary reads the FILE argument's content\n" + r.describe());

        assertEquals("3", r.value("[LOG] filter exit="), () -> "a non-zero exit is returned, not a failure\n" + r.describe());
        assertEquals("FIRST|SECOND", r.value("[LOG] filter out="), r::describe);
        assertEquals("filter warning|" + tmp.resolve("wd").resolve("filter"), r.value("[LOG] filter err="),
                () -> "stderr to its file; the working directory as declared\n" + r.describe());

        assertEquals("0", r.value("[LOG] mpi exit="), r::describe);
        assertEquals("rank 0 of 2 hi|rank 1 of 2 hi", r.value("[LOG] mpi lines="), r::describe);
        // the worker logs each program's command line into the job's own log (job<id>_<task>.err)
        String logs = String.join("\n", r.jobOutputs().values());
        assertTrue(logs.contains("mpirun -n 2 --oversubscribe " + tmp.resolve("bin").resolve("hello_mpi") + " hi"),
                () -> "the launcher's command line\n" + r.describe());
    }

    @Test
    void nonZeroExitFailsTheTaskWithFailByExitValue() throws IOException {
        RunResult r = run("fail", CompssNodes.write(tmp.resolve("xml"), 1, 2)).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().lines().noneMatch(l -> l.startsWith("[LOG] mustSucceed")), r::describe);
        assertTrue((r.stderr() + r.runtimeLog()).contains("filter.sh exited with 3 (failByExitValue)"), r::describe);
        assertTrue(r.stderr().contains("mustSucceed"), () -> "the error names the task\n" + r.describe());
    }

    @Test
    void aBinaryPastItsTimeOutIsStoppedWithWhatItStarted() throws IOException {
        // the Java implementation fits no node: the binary runs, starts a child, and waits on it
        RunResult r = run("timeout", CompssNodes.write(tmp.resolve("xml"), 2, "binary_arch")).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("time-out of 2000 ms"), r::describe);
        long child = Long.parseLong(Files.readString(tmp.resolve("data").resolve("child.pid")).strip());
        // killed by then; its exit may still have to be collected by whoever adopted it
        ProcessHandle.of(child).ifPresent(h -> awaitExit(h, r));
    }

    @Test
    void methodAndBinaryImplementationsRunWhereTheirConstraintsFit() throws IOException {
        // One node fits only the Java implementation, the other only the binary one, each taking
        // the node's two units; each of the two tasks waits until the other implementation ran
        // too, so both must run at once, one per node.
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 2, "java_arch", "binary_arch");
        RunResult r = run("where", nodes).run();

        assertEquals(0, r.exitCode(), r::describe);
        List<String> lines = List.of(r.value("[LOG] where0="), r.value("[LOG] where1="));
        String java = lines.stream().filter(l -> l.startsWith("java ")).findFirst().orElse("");
        String binary = lines.stream().filter(l -> l.startsWith("binary ")).findFirst().orElse("");
        assertTrue(java.contains("/COMPSsWorker01/") && java.endsWith("sawBinary=true"), r::describe);
        assertTrue(binary.contains("/COMPSsWorker02/") && binary.endsWith("sawJava=true"), r::describe);
    }

    @Test
    void binaryAndMpiProgramsWritingIntoFileStreamsFeedJavaTasks() throws IOException {
        HostPackages.ensure("openmpi-bin", "libopenmpi-dev");
        compileMpiProgram();
        RunResult r = run("stream", CompssNodes.write(tmp.resolve("xml"), 2, 2)).args("mpi").run();

        assertEquals(0, r.exitCode(), r::describe);
        // the binary waits, after its first file, until the reader got it: exit 7 if it never did
        assertEquals("0", r.value("[LOG] produce exit="), r::describe);
        assertEquals("5", r.value("[LOG] consumed="), r::describe);
        // each of the 2 MPI ranks writes one file into the stream's directory (its -d argument)
        assertEquals("0", r.value("[LOG] simulate exit="), r::describe);
        assertEquals("2", r.value("[LOG] analysed="), r::describe);
    }

    private static void awaitExit(ProcessHandle h, RunResult r) {
        try {
            h.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            h.destroyForcibly();
            throw new AssertionError("the program's child " + h.pid() + " still runs\n" + r.describe(), e);
        }
    }

    private Path scripts() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        script(bin, "args.sh", "printf '%s\\n' \"$@\"\ncat \"${4#-i}\"; echo\n");
        script(bin, "filter.sh", "tr a-z A-Z\necho 'filter warning' >&2\npwd >&2\nexit \"$1\"\n");
        script(bin, "where.sh", """
                touch "$2/binary-ran"
                for k in $(seq 600); do [ -e "$2/java-ran" ] && break; sleep 0.1; done
                saw=false; [ -e "$2/java-ran" ] && saw=true
                echo "binary $1 $3 sawJava=$saw" > "$3"
                """);
        script(bin, "sleepy.sh", "sleep 120 &\necho $! > \"$1\"\nwait\n");
        script(bin, "produce.sh", """
                echo 0 > "$1/f0.txt"
                for k in $(seq 600); do [ -e "$3" ] && break; sleep 0.1; done
                [ -e "$3" ] || exit 7
                i=1; while [ "$i" -lt "$2" ]; do echo "$i" > "$1/f$i.txt"; i=$((i + 1)); done
                """);
        return bin;
    }

    private static void script(Path dir, String name, String body) throws IOException {
        Path p = Files.writeString(dir.resolve(name), "#!/bin/sh\n" + body);
        assertTrue(p.toFile().setExecutable(true));
    }

    private void compileMpiProgram() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path src = Files.writeString(bin.resolve("hello_mpi.c"), """
                #include <mpi.h>
                #include <stdio.h>
                #include <string.h>
                int main(int argc, char **argv) {
                    int rank, size;
                    MPI_Init(&argc, &argv);
                    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                    MPI_Comm_size(MPI_COMM_WORLD, &size);
                    if (argc > 1 && strncmp(argv[1], "-dir", 4) == 0) {
                        /* "-dir" then the directory: one file per rank */
                        char path[4096];
                        snprintf(path, sizeof path, "%s/rank%d.txt", argc > 2 ? argv[2] : ".", rank);
                        FILE *f = fopen(path, "w");
                        if (f == NULL) { MPI_Abort(MPI_COMM_WORLD, 3); }
                        fprintf(f, "%d of %d\\n", rank, size);
                        fclose(f);
                    } else {
                        printf("rank %d of %d %s\\n", rank, size, argc > 1 ? argv[1] : "-");
                    }
                    MPI_Finalize();
                    return 0;
                }
                """);
        Commands.Result c = Commands.run(120, Map.of(), List.of("mpicc", "-o", bin.resolve("hello_mpi").toString(),
                src.toString()));
        assertEquals(0, c.exitCode(), c::output);
    }
}
