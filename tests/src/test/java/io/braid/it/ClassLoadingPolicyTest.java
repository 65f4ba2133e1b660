package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One class-loading policy in the main program and in the tasks: an application that ships its
 * own version of a library the runtime also has (tests/apps/java/libconflict with zstd-jni
 * 1.5.5-11; braid.jar has 1.5.6-10, unrelocated) gets its own on both sides, and does not see the
 * runtime's relocated Jackson at all.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClassLoadingPolicyTest extends ItBase {
    private static final String OWN = "zstd-jni 1.5.5-11 from zstd-jni-1.5.5-11.jar jackson absent";

    @Test
    void theApplicationsOwnLibraryWinsInItsMainProgramAndInItsTasks() {
        Path library = Path.of(System.getProperty("braid.it.conflictingJar", "(braid.it.conflictingJar not set: "
                + "run through Maven, tests/pom.xml sets it)"));
        assertTrue(Files.isRegularFile(library), () -> "the conflicting library is missing: " + library);
        String classpath = BraidApp.classes("libconflict") + File.pathSeparator + library;
        // A worker process of its own, as on a cluster node.
        Clusters.Files cluster = Clusters.local(1).cus(1).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).classpath(classpath).cluster(cluster).main("libconflict.Main").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(OWN, r.value("main: "), r::describe);
        assertEquals(OWN, r.value("task: "), r::describe);
    }
}
