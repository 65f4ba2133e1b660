package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A file on a disk that the XML declares shared by the master and the node is read in place by
 * the task; without the declaration it is copied into the worker's working directory (as a
 * renamed version, which the task sees under the main program's name).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SharedDiskTest extends ItBase {

    private Path writeCluster(Path shared, boolean declareShared) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(declareShared ? "xml-shared" : "xml-plain"));
        String attached = declareShared
                ? "<SharedDisks><AttachedDisk Name=\"scratch\"><MountPoint>" + shared + "</MountPoint></AttachedDisk></SharedDisks>"
                : "";
        Files.writeString(dir.resolve("resources.xml"), "<ResourcesList>"
                + (declareShared ? "<SharedDisk Name=\"scratch\"/>" : "")
                + "<ComputeNode Name=\"127.0.0.2\"><Processor Name=\"P\"><ComputingUnits>1</ComputingUnits></Processor>"
                + attached + "</ComputeNode></ResourcesList>\n");
        Files.writeString(dir.resolve("project.xml"), "<Project><MasterNode>" + attached + "</MasterNode>"
                + "<ComputeNode Name=\"127.0.0.2\"><InstallDir>/unused</InstallDir></ComputeNode></Project>\n");
        return dir;
    }

    private RunResult run(boolean declareShared) throws Exception {
        Path shared = Files.createDirectories(tmp.resolve("scratch")).toRealPath();
        Path xml = writeCluster(shared, declareShared);
        return BraidRunner.in(tmp).app("shareddisk").main("shareddisk.Main").args(shared)
                .options("--resources=" + xml.resolve("resources.xml"), "--project=" + xml.resolve("project.xml")).run();
    }

    @Test
    void fileOnADeclaredSharedDiskIsReadInPlace() throws Exception {
        RunResult r = run(true);
        assertEquals(0, r.exitCode(), r::describe);
        Path input = tmp.resolve("scratch/input.txt").toRealPath();
        assertEquals(input + " hello from main", r.value("task read: "), r::describe);
        assertEquals("input.txt", r.value("task saw the name: "), r::describe);
    }

    @Test
    void fileOutsideSharedDisksIsCopiedToTheWorker() throws Exception {
        RunResult r = run(false);
        assertEquals(0, r.exitCode(), r::describe);
        String seen = r.value("task read: ");
        assertTrue(seen.endsWith("_input.txt hello from main"), () -> "a renamed copy: " + seen + "\n" + r.describe());
        assertTrue(seen.contains("127.0.0.2-wd"), () -> "in the worker's working dir: " + seen + "\n" + r.describe());
        assertEquals("input.txt", r.value("task saw the name: "), () -> "the copy is linked under the original name\n"
                + r.describe());
    }
}
