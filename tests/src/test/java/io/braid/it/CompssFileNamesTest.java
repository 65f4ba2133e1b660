package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 24 point 1: tests/apps/java/compssfilenames (a COMPSs application, imports rewritten)
 * has tasks that check the names of their FILE parameters, as COMPSs hands them the main
 * program's names. It runs on two nodes described in COMPSs' XML form ({@link CompssNodes}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CompssFileNamesTest extends ItBase {
    private RunResult run(Object... args) {
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 2, 2);
        return nodes.on(BraidRunner.in(tmp).app("compssfilenames")).main("compssfilenames.Main").args(args).run();
    }

    @Test
    void tasksOnVersionsOfFilesWithOneNameRunAtOnceEachSeeingTheOriginalName() {
        int files = 4;
        int rounds = 4;
        RunResult r = run("chain", files, rounds);

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("4 4 4 4", r.value("counters: "), r::describe);
        List<Integer> expected = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            for (int f = 0; f < files; f++) {
                expected.add(round);
            }
        }
        assertEquals(expected.toString(), r.value("reads: "), r::describe);
        assertEquals(List.of(), sandboxLeftovers(), () -> "sandboxes are removed after their jobs\n" + r.describe());
    }

    @Test
    void outputsWrittenUnderTheOriginalNameReachTheMainProgram() {
        RunResult r = run("outputs");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("written by a task", r.value("result: "), r::describe);
        assertEquals("abc", r.value("rewritten: "), () -> "a file the task replaced becomes the version\n" + r.describe());
        assertEquals("same.txt=from x same.txt=from y", r.value("two of a name: "), r::describe);
    }

    @Test
    void keepRenameHandsTheTaskTheRenamedFile() {
        RunResult r = run("keeprename");

        assertEquals(0, r.exitCode(), r::describe);
        String in = r.value("keepRename IN: ");
        String inout = r.value("keepRename INOUT: ");
        assertTrue(in.matches("d\\d+v2_counter"), () -> in + "\n" + r.describe());
        assertTrue(inout.matches("d\\d+v3_counter"), () -> inout + "\n" + r.describe());
        assertEquals("1+x", r.value("content: "), r::describe);
    }

    /** Whatever is left in a {@code sandbox} directory under the nodes' working directories. */
    private List<Path> sandboxLeftovers() {
        try (Stream<Path> all = Files.walk(tmp.resolve("xml"))) {
            List<Path> sandboxes = all.filter(p -> p.getFileName().toString().equals("sandbox")).toList();
            assertEquals(2, sandboxes.size(), () -> "one sandbox directory per node: " + sandboxes);
            List<Path> left = new ArrayList<>();
            for (Path s : sandboxes) {
                try (Stream<Path> inside = Files.list(s)) {
                    inside.forEach(left::add);
                }
            }
            return left;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
