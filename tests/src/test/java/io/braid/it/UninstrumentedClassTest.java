package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An application class the launcher cannot instrument (a method that fits the JVM's 64 KiB limit
 * only before instrumentation) fails the run in one line naming it, even when the application
 * catches the error; {@code --allow_uninstrumented} runs it unchanged and names it at the end.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class UninstrumentedClassTest extends ItBase {
    private static final String EXPECTED_SUM = "sum=14995";
    private Path classes;

    @BeforeEach
    void compileTheApplication() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src/big"));
        // 5,000 field updates through an application object: about 55 KiB of bytecode, and more
        // than 64 KiB once every access waits (transparently) for a pending task result.
        String body = IntStream.range(0, 5_000).mapToObj(i -> "        b.v += " + (i % 7) + ";")
                .collect(Collectors.joining("\n"));
        Files.writeString(src.resolve("Generated.java"), "package big;\npublic final class Generated {\n"
                + "    public static int sum(Box b) {\n" + body + "\n        return b.v;\n    }\n}\n");
        Files.writeString(src.resolve("Box.java"), "package big;\npublic final class Box {\n    public int v;\n}\n");
        Files.writeString(src.resolve("MainItf.java"), "package big;\npublic interface MainItf {\n}\n");
        Files.writeString(src.resolve("Main.java"), """
                package big;
                public final class Main {
                    public static void main(String[] args) {
                        if (args.length > 0 && args[0].equals("catch")) {
                            try {
                                Generated.sum(new Box());
                            } catch (Throwable t) {
                                System.out.println("caught, going on");
                            }
                            return;
                        }
                        System.out.println("sum=" + Generated.sum(new Box()));
                    }
                }
                """);
        classes = tmp.resolve("classes");
        Javac.Compilation c = Javac.againstApiJar(tmp.resolve("src"), classes);
        assertEquals(0, c.exitCode(), c.output());
    }

    @Test
    void aClassThatCannotBeInstrumentedFailsTheRunNamingIt() {
        RunResult r = BraidRunner.in(tmp).classpath(classes.toString()).main("big.Main").run();
        assertEquals(1, r.exitCode(), r::describe);
        assertFalse(r.stdout().contains(EXPECTED_SUM), r::describe);
        assertEquals(1, r.stderrLines().size(), () -> "one line expected\n" + r.describe());
        String line = r.stderrLines().get(0);
        assertTrue(line.startsWith("[braid] ERROR: cannot instrument application class big.Generated: "), line);
        assertTrue(line.contains("Method too large") && line.contains("--allow_uninstrumented"), line);
    }

    @Test
    void theRunFailsEvenWhenTheApplicationCatchesTheError() {
        RunResult r = BraidRunner.in(tmp).classpath(classes.toString()).main("big.Main").args("catch").run();
        assertEquals(1, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("caught, going on"), r::describe);
        assertTrue(r.stderr().contains("[braid] ERROR: cannot instrument application class big.Generated"), r::describe);
    }

    @Test
    void allowUninstrumentedRunsTheClassUnchangedAndSaysSo() {
        RunResult r = BraidRunner.in(tmp).classpath(classes.toString()).options("--allow_uninstrumented")
                .main("big.Main").run();
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains(EXPECTED_SUM), r::describe);
        assertEquals(1, r.stderrLines().size(), () -> "one line expected\n" + r.describe());
        assertEquals("[braid] WARNING: 1 application class(es) ran without transparent synchronisation "
                + "(--allow_uninstrumented): big.Generated", r.stderrLines().get(0));
    }
}
