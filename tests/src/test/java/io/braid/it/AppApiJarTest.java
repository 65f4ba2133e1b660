package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The thin jar applications compile against (runtime/app-api, io.braid:braid-app-api): only the
 * public packages, enough for javac alone, and what it compiles runs through braid-run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AppApiJarTest extends ItBase {

    @Test
    void holdsOnlyTheTwoPublicPackages() throws IOException {
        List<String> foreign = new ArrayList<>();
        int classes = 0;
        try (JarFile jar = new JarFile(Repo.appApiJar().toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                String name = e.getName();
                if (!name.endsWith(".class")) {
                    continue;
                }
                classes++;
                boolean api = name.startsWith("io/braid/api/") && name.indexOf('/', "io/braid/api/".length()) < 0;
                boolean streams = name.startsWith("io/braid/streams/")
                        && name.indexOf('/', "io/braid/streams/".length()) < 0;
                if (!api && !streams) {
                    foreign.add(name);
                }
            }
            assertTrue(jar.stream().noneMatch(e -> e.getName().startsWith("META-INF/services/")),
                    "the API jar must register no service (it is not a runtime)");
        }
        assertTrue(foreign.isEmpty(), () -> "classes outside io.braid.api and io.braid.streams: " + foreign);
        assertTrue(classes >= 15, "expected the API and stream types, found " + classes + " classes");
    }

    /** The jar holds this build's classes, not a previous build's (the shade replaces the module's jar in place). */
    @Test
    void holdsTheClassesOfThisBuild() throws IOException {
        List<String> stale = new ArrayList<>();
        try (JarFile jar = new JarFile(Repo.appApiJar().toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                if (!e.getName().endsWith(".class")) {
                    continue;
                }
                Path module = Repo.root().resolve(e.getName().startsWith("io/braid/api/")
                        ? "runtime/api/target/classes" : "distrostream-lib/target/classes");
                byte[] built = Files.readAllBytes(module.resolve(e.getName()));
                try (var in = jar.getInputStream(e)) {
                    if (!java.util.Arrays.equals(built, in.readAllBytes())) {
                        stale.add(e.getName());
                    }
                }
            }
        }
        assertTrue(stale.isEmpty(), () -> "differ from the modules' classes: " + stale);
    }

    @Test
    void anApplicationCompiledAgainstItAloneRunsThroughBraidRun() throws Exception {
        // javac as a user runs it: the thin jar is the whole class path.
        Path classes = tmp.resolve("classes");
        Javac.Compilation c = Javac.againstApiJar(Repo.appSources("streamorder"), classes);
        assertEquals(0, c.exitCode(), c.output());

        RunResult r = BraidRunner.in(tmp).classpath(classes.toString()).main("streamorder.Main")
                .args("order", 20, tmp.resolve("data")).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("20 sum=20570 expected=20570", r.value("produced="), r::describe);
    }

    @Test
    void braidsInternalsAreNotOnItsClassPath() throws Exception {
        Path src = Files.createDirectories(tmp.resolve("src/reach"));
        Files.writeString(src.resolve("Main.java"), """
                package reach;
                public class Main {
                    public static void main(String[] args) {
                        System.out.println(io.braid.streams.internals.client.DistroStreamClient.class);
                        System.out.println(io.netty.buffer.ByteBuf.class);
                    }
                }
                """);
        Javac.Compilation c = Javac.againstApiJar(tmp.resolve("src"), tmp.resolve("out"));
        assertNotEquals(0, c.exitCode(), c.output());
        assertTrue(c.output().contains("package io.braid.streams.internals.client does not exist"), c.output());
        assertTrue(c.output().contains("package io.netty.buffer does not exist"), c.output());
    }
}
