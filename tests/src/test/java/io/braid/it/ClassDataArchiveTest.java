package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The build writes braid.jar's class-data archive beside it; braid-run maps it in the master and
 * passes it to the workers, unless BRAID_CDS=off.
 */
class ClassDataArchiveTest extends ItBase {

    @Test
    void theBuildWritesTheArchiveAndEveryJvmOfARunMapsIt() {
        String jsa = Repo.root().resolve("runtime/dist/target/braid.jsa").toAbsolutePath().normalize().toString();
        assertTrue(Files.isRegularFile(Repo.root().resolve("runtime/dist/target/braid.jsa")), jsa);
        RunResult r = BraidRunner.in(tmp.resolve("on")).app("simple").cluster(Clusters.local(2).write(tmp.resolve("xml")))
                .options("--log_level=info").main("simple.Main").args(4).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.runtimeLog().contains("master and workers map the class-data archive " + jsa), r::describe);
        assertEquals(2, r.workerLogs().size(), r::describe);
        r.workerLogs().forEach((node, log) -> assertTrue(log.contains("class-data archive " + jsa), () -> node + "\n" + log));
    }

    /** The training reads node descriptions too: the JDK's XML parser and validator come from the archive. */
    @Test
    void theMasterReadsItsNodeDescriptionsWithArchivedXmlClasses() throws Exception {
        java.nio.file.Path classes = tmp.resolve("classes.txt");
        RunResult r = BraidRunner.in(tmp.resolve("run")).app("simple").cluster(Clusters.local(2).write(tmp.resolve("xml")))
                .env("BRAID_MASTER_JVM_OPTS", "-Xlog:class+load=info:file=" + classes).main("simple.Main").args(4).run();
        assertEquals(0, r.exitCode(), r::describe);
        String log = Files.readString(classes);
        for (String c : new String[] {"com.sun.org.apache.xerces.internal.jaxp.validation.XMLSchemaFactory",
            "com.sun.org.apache.xerces.internal.jaxp.DocumentBuilderFactoryImpl"}) {
            assertTrue(log.contains(c + " source: shared objects file"), () -> c + " not from the archive:\n"
                    + log.lines().filter(l -> l.contains(c)).toList());
        }
    }

    @Test
    void offByEnvironment() {
        RunResult r = BraidRunner.in(tmp).app("simple").env("BRAID_CDS", "off").options("--log_level=info")
                .main("simple.Main").args(4).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertFalse(r.runtimeLog().contains("class-data archive"), r::describe);
        r.workerLogs().forEach((node, log) -> assertFalse(log.contains("class-data archive"), () -> node + "\n" + log));
    }
}
