package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The porting rule as a script (issue 24): scripts/braid-port-compss rewrites a COMPSs source
 * tree (tests/apps/compss/porting, COMPSs' imports, COMPSs.getFile/barrier, an object stream,
 * a class of its own named COMPSsHelper) in place; the result compiles against braid.jar and runs
 * through braid-run, on nodes described in COMPSs' XML form ({@link CompssNodes}), with COMPSs'
 * results.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PortCompssScriptTest extends ItBase {

    private static final Path ORIGINAL = Repo.root().resolve("tests/apps/compss/porting/src");

    @Test
    void portedCompssTreeCompilesAndRuns() throws Exception {
        Path src = tmp.resolve("app/src");
        copyTree(ORIGINAL, src);

        Script first = port(src.toString());
        assertEquals(0, first.exit, first::describe);
        assertEquals(List.of("ported " + src.resolve("porting/Main.java"), "ported " + src.resolve("porting/MainItf.java"),
                "ported " + src.resolve("porting/Tasks.java"), "braid-port-compss: 3 of 4 Java files rewritten"),
                first.out, first::describe);

        String main = Files.readString(src.resolve("porting/Main.java"));
        assertTrue(main.contains("import io.braid.api.Braid;") && main.contains("import io.braid.streams.*;")
                && main.contains("import static io.braid.api.Braid.barrier;")
                && main.contains("        Braid.getFile(counter);") && main.contains("io.braid.api.Braid.barrier();"), main);
        String itf = Files.readString(src.resolve("porting/MainItf.java"));
        assertTrue(itf.contains("import io.braid.api.Method;") && itf.contains("import io.braid.streams.ObjectDistroStream;"),
                itf);
        for (Path f : javaFiles(src)) {
            for (String line : Files.readAllLines(f)) {
                assertFalse(line.startsWith("import es.bsc."), () -> f + ": " + line);
            }
        }
        // The application's own COMPSsHelper, its strings and comments are left as they are.
        assertEquals(Files.readString(ORIGINAL.resolve("porting/COMPSsHelper.java")),
                Files.readString(src.resolve("porting/COMPSsHelper.java")));
        assertTrue(main.contains("COMPSsHelper.banner()") && main.contains("kept with COMPSs' imports"), main);

        Script again = port(src.toString());
        assertEquals(List.of("braid-port-compss: 0 of 4 Java files rewritten"), again.out, again::describe);

        Path classes = BraidApp.compile(src, "porting");
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 2, 1);
        RunResult r = nodes.on(BraidRunner.in(tmp.resolve("run")).classpath(classes.toString())).main("porting.Main")
                .args(5, 20).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(List.of("Running the COMPSs way (es.bsc.compss.api.COMPSs)", "[LOG] counter=5",
                "[LOG] sum=210 type=OBJECT \"COMPSs\""), r.stdoutLines(), r::describe);
    }

    @Test
    void wrongArgumentsAreOneLineAndExit2() throws Exception {
        Script none = port();
        assertEquals(2, none.exit, none::describe);
        assertEquals(1, none.err.size(), none::describe);
        assertTrue(none.err.get(0).startsWith("usage: braid-port-compss <dir>"), none::describe);

        Script missing = port(tmp.resolve("nowhere").toString());
        assertEquals(2, missing.exit, missing::describe);
        assertEquals(List.of("braid-port-compss: " + tmp.resolve("nowhere") + " is not a directory"), missing.err,
                missing::describe);
    }

    private record Script(int exit, List<String> out, List<String> err) {
        String describe() {
            return "exit " + exit + "\nstdout:\n" + String.join("\n", out) + "\nstderr:\n" + String.join("\n", err);
        }
    }

    private Script port(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Repo.root().resolve("scripts/braid-port-compss").toString()));
        cmd.addAll(List.of(args));
        Path out = tmp.resolve("port.out");
        Path err = tmp.resolve("port.err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "braid-port-compss did not finish");
        return new Script(p.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readAllLines(err, StandardCharsets.UTF_8));
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.sorted().toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
