package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.it.hosts.Commands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * C functions as tasks of a Java application (issue 26, {@code @CFunction}): tests/apps/java/cfunctions
 * calls libm's cos and pow and the functions of c/ctasks.c, built here with cc into a shared
 * library, through braid-run with one local worker. The functions run in the worker's native
 * task host, so the crashing one fails its task, is retried on the same worker (which is still
 * there to run it), and the run then fails with one line naming the task and the signal.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class CFunctionTasksTest extends ItBase {

    private BraidRunner run(String scenario) throws IOException {
        return BraidRunner.in(tmp).app("cfunctions").main("cfunctions.Main").args(scenario, tmp.resolve("data"))
                .env("CLIB", buildLibrary(tmp).toString());
    }

    /** tests/apps/java/cfunctions/c/ctasks.c as a shared library in {@code dir}. */
    static Path buildLibrary(Path dir) throws IOException {
        Path src = Repo.root().resolve("tests/apps/java/cfunctions/c/ctasks.c");
        Path lib = Files.createDirectories(dir.resolve("clib")).resolve("libctasks.so");
        Commands.Result c = Commands.run(120, Map.of(), List.of("cc", "-O1", "-shared", "-fPIC", "-o", lib.toString(),
                src.toString()));
        assertEquals(0, c.exitCode(), c::output);
        return lib;
    }

    @Test
    void basicTypesStringsBuffersAndFilesCrossIntact() throws IOException {
        RunResult r = run("values").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(Math.cos(0.5)), r.value("[LOG] cos="), r::describe);
        assertEquals("1024.0", r.value("[LOG] pow="), r::describe);
        // 0.25 + 0.5f + 2^40 - 7 + 300 - 2 + 'A' + 1e6 (true): each argument in its own C type
        assertEquals(String.valueOf(0.25 + 0.5 + (1L << 40) - 7 + 300 - 2 + 65 + 1_000_000.0), r.value("[LOG] mix="),
                r::describe);
        assertEquals("true,false", r.value("[LOG] positive="), r::describe);
        assertEquals("Q", r.value("[LOG] upper="), r::describe);
        assertEquals("256", r.value("[LOG] sum="), () -> "an IN buffer's bytes, unsigned in C\n" + r.describe());
        assertEquals("[10, 11, 12, 13, 14]", r.value("[LOG] filled="), () -> "an OUT buffer\n" + r.describe());
        assertEquals("6 [6, 5, 4, 3, 2, 1]", r.value("[LOG] reversed="), () -> "an INOUT buffer\n" + r.describe());
        assertEquals("6", r.value("[LOG] sumAfterChain="), () -> "the version the last task wrote\n" + r.describe());
        assertEquals("4 [1, 2, 6, 5, 4, 3, 7, 8] position=2 limit=6", r.value("[LOG] buffer="),
                () -> "an INOUT ByteBuffer's remaining bytes, written in place\n" + r.describe());
        assertEquals("6", r.value("[LOG] sumDirect="), () -> "a direct ByteBuffer IN\n" + r.describe());
        assertEquals("13,-1", r.value("[LOG] utf8="), () -> "UTF-8 bytes; null is NULL\n" + r.describe());
        assertEquals("3", r.value("[LOG] wrote="), r::describe);
        assertEquals("3", r.value("[LOG] lines="), () -> "a FILE IN the C function reads\n" + r.describe());
        assertEquals("line from C|line from C|line from C", r.value("[LOG] content="),
                () -> "a FILE OUT the C function wrote, back in the main program\n" + r.describe());
        // what the C function printed went to the host's log, not into the protocol
        String jobs = String.join("\n", r.jobOutputs().values());
        assertTrue(jobs.contains("write_text: writing "), r::describe);
    }

    @Test
    void aSegfaultFailsTheTaskWhichIsRetriedThenTheRunStopsNamingTheSignal() throws IOException {
        RunResult r = run("crash").run();

        assertNotEquals(0, r.exitCode(), r::describe);
        // the worker survived the first crash: the second attempt ran there too
        assertEquals(List.of("attempt", "attempt"), Files.readAllLines(tmp.resolve("data").resolve("attempts")),
                r::describe);
        String line = r.stderrLines().stream().filter(l -> l.contains("failed on")).findFirst().orElse("");
        assertTrue(line.contains("crash") && line.contains("after 2 attempts") && line.contains("SIGSEGV in crash+")
                && line.contains("C function crash of "), () -> "one line with the task and the signal\n" + r.describe());
        assertTrue(r.stdoutLines().stream().noneMatch(l -> l.startsWith("[LOG] crash=")), r::describe);
    }

    @Test
    void anAbortFailsTheTaskLikeASegfault() throws IOException {
        RunResult r = run("abort").run();

        assertNotEquals(0, r.exitCode(), r::describe);
        assertEquals(List.of("attempt", "attempt"), Files.readAllLines(tmp.resolve("data").resolve("attempts")),
                r::describe);
        String line = r.stderrLines().stream().filter(l -> l.contains("failed on")).findFirst().orElse("");
        assertTrue(line.contains("abortNow") && line.contains("after 2 attempts") && line.contains("SIGABRT"),
                () -> "one line with the task and the signal\n" + r.describe());
    }

    @Test
    void aMissingSymbolFailsAtOnceNamingLibraryAndSymbol() throws IOException {
        RunResult r = run("missingSymbol").run();

        assertNotEquals(0, r.exitCode(), r::describe);
        String line = r.stderrLines().stream().filter(l -> l.contains("failed on")).findFirst().orElse("");
        assertTrue(line.contains("has no symbol no_such_function") && line.contains("libctasks.so")
                && line.contains("not retried"), () -> "one line, no second attempt\n" + r.describe());
    }

    @Test
    void aDeclarationNoCFunctionCanHaveStopsTheRunBeforeAnythingRuns() {
        RunResult r = BraidRunner.in(tmp).app("badcfunction").main("badcfunction.Main").run();

        assertNotEquals(0, r.exitCode(), r::describe);
        assertEquals(1, r.stderrLines().size(), () -> "exactly one line on stderr\n" + r.describe());
        assertTrue(r.stderrLines().get(0).contains("badcfunction.MainItf.count(java.util.List): a @CFunction task"
                + " takes basic types, String, FILE (@Parameter(type = FILE)), byte[] and ByteBuffer parameters, not"
                + " parameter 1 (java.util.List)"), r::describe);
        assertTrue(r.stdoutLines().stream().noneMatch(l -> l.startsWith("main ran")), r::describe);
    }

    @Test
    void aMissingLibraryFailsAtOnceNamingIt() throws IOException {
        RunResult r = run("missingLibrary").run();

        assertNotEquals(0, r.exitCode(), r::describe);
        String line = r.stderrLines().stream().filter(l -> l.contains("failed on")).findFirst().orElse("");
        assertTrue(line.contains("cannot load library libbraid-no-such-library.so") && line.contains("not retried"),
                () -> "one line, no second attempt\n" + r.describe());
    }
}
