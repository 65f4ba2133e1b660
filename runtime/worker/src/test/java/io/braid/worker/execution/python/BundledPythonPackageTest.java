package io.braid.worker.execution.python;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A copy of the package is kept while it is this build's, and replaced when another build made it. */
class BundledPythonPackageTest {

    @Test
    void aCopyOfThisBuildIsKeptAndOneOfAnotherBuildReplaced(@TempDir Path dir) throws Exception {
        Path main = dir.resolve("braid/worker/__main__.py");
        assertEquals(dir, BundledPythonPackage.extractTo(dir));
        String original = Files.readString(main);
        Path extra = Files.writeString(dir.resolve("braid/kept-while-same-build"), "x");

        BundledPythonPackage.extractTo(dir);
        assertTrue(Files.exists(extra), "the same build's copy is kept as it is");

        Files.writeString(main, "# an older braid.worker\n");
        Files.writeString(dir.resolve(BundledPythonPackage.STAMP), "jar 0");
        BundledPythonPackage.extractTo(dir);
        assertEquals(original, Files.readString(main), "another build's copy is replaced");
        assertFalse(Files.exists(extra), "nothing of the other build's copy is left");
        assertNotEquals("jar 0", Files.readString(dir.resolve(BundledPythonPackage.STAMP)));
    }
}
