package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** INOUT objects, files, instance-method tasks and transparent synchronisation in the main code. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DataSemanticsTest extends ItBase {
    /** workers = 0: the default single local worker; otherwise that many workers 127.0.0.2... */
    private BraidRunner runner(int workers) {
        BraidRunner b = BraidRunner.in(tmp);
        return workers == 0 ? b : b.cluster(Clusters.local(workers).cus(2).write(tmp.resolve("xml")));
    }

    @ParameterizedTest(name = "workers={0}")
    @ValueSource(ints = {0, 2})
    void inoutObjectsWithMainReadsAndWritesInBetween(int workers) {
        RunResult r = runner(workers).app("inout").main("inout.Main").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("5", r.value("after first task: "), r::describe);
        assertEquals("103", r.value("after two tasks: "), r::describe);
        assertEquals("206", r.value("slowRead before +10: "), "WAR: a reader submitted before a writer must see the old value\n" + r.describe());
        assertEquals("216", r.value("slowRead before +1000: "), r::describe);
        String history = "+5, main=100, +1, +2, main*2, +10, +1000";
        assertEquals("1216 [" + history + "]", r.value("describe: "), r::describe);
        assertEquals("1223 [" + history + ", +7]", r.value("final: "), r::describe);
        assertEquals("task saw 1, main has 2", r.value("main WAR: "),
                "a task submitted before the main overwrote the object must see the old value\n" + r.describe());
        assertEquals("15 115 215 315", r.value("many: "), r::describe);
    }

    @ParameterizedTest(name = "workers={0}")
    @ValueSource(ints = {0, 2})
    void fileOutInoutInWithMainAccessInBetween(int workers) throws Exception {
        String rel = "data/result.txt";
        RunResult r = runner(workers).app("files").main("files.Main").args(rel).run();

        assertEquals(0, r.exitCode(), r::describe);
        Path file = tmp.resolve(rel);
        assertAll(
            () -> assertEquals("alpha", r.value("io reader: "), r::describe),
            () -> assertEquals("[alpha, beta]", r.value("nio readAllLines: "), r::describe),
            () -> assertEquals(String.valueOf("alpha\nbeta\ngamma\n".length()), r.value("io stream bytes: "), r::describe),
            // WAR on a file: countLines was called before the main appended "delta" itself.
            () -> assertEquals("3", r.value("count before delta: "),
                    "a task submitted before the main's own write must not see it\n" + r.describe()),
            () -> assertEquals("5", r.value("count after epsilon: "), "a task after the main's own write must see it\n" + r.describe()),
            () -> assertEquals("alpha..epsilon", r.value("first..last: "), r::describe),
            () -> assertEquals("alpha|beta|gamma|delta|epsilon|zeta|", r.value("nio readString: "), r::describe),
            // The last version (written by a task nobody waited for) is at the original path after the run.
            () -> assertEquals(List.of("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"), Files.readAllLines(file),
                    r::describe));
    }

    @Test
    void instanceMethodTasks() {
        RunResult r = BraidRunner.in(tmp).app("objects").main("objects.Main").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("17", r.value("current after 3,4: "), r::describe);
        assertEquals("117", r.value("current after 100: "), r::describe);
        assertEquals("1000117", r.value("scratch: "), r::describe);
        assertEquals("1117", r.value("get: "), "targetDirection=IN tasks must not change the main's object\n" + r.describe());
        assertEquals("4", r.value("calls: "), r::describe);
        assertEquals("210 in 20 calls", r.value("d: "), r::describe);
    }

    @Test
    void transparentSyncOfResultsAndFiles() {
        RunResult r = BraidRunner.in(tmp).app("sync").main("sync.Main").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("42", r.value("int sum: "), r::describe);
        assertEquals("true true 1", r.value("int compare: "), r::describe);
        assertEquals("hello braid!", r.value("string: "), r::describe);
        assertEquals("11 upper: HELLO BRAID", r.value("string length: "), r::describe);
        assertEquals("25", r.value("point norm2: "), r::describe);
        assertEquals("6,8", r.value("point field: "), r::describe);
        assertEquals(List.of("Point(-1,2)"), r.stdoutStartingWith("Point("), r::describe);
        assertEquals(List.of("42"), r.stdoutLines().stream().filter(l -> l.equals("42")).toList(), r::describe);
        assertEquals("[0, 2, 4, 6, 8]", r.value("list: "), r::describe);
        assertEquals("20", r.value("list total: "), r::describe);
        assertEquals("written by a task", r.value("file via FileReader: "), r::describe);
        assertEquals("[written by a task, second line]", r.value("file via readAllLines: "), r::describe);
        assertEquals("true size " + "another\nsecond line\n".length(), r.value("file exists: "), r::describe);
        // Nothing but the app's own lines on stdout, in program order.
        assertEquals(13, r.stdoutLines().size(), r::describe);
    }
}
