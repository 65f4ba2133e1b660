package io.braid.launcher.cds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workers get the archive's options only when the master was given an archive that exists. */
class ClassDataArchiveTest {
    @TempDir
    Path tmp;

    @Test
    void anExistingArchiveIsMappedQuietlyAndOnlyIfUsable() throws Exception {
        Path jsa = Files.writeString(tmp.resolve("braid.jsa"), "archive");
        assertEquals(List.of("-XX:SharedArchiveFile=" + jsa, "-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off"),
                ClassDataArchive.jvmOptions(jsa.toString()));
    }

    @Test
    void noArchiveNoOptions() {
        assertEquals(List.of(), ClassDataArchive.jvmOptions(null));
        assertEquals(List.of(), ClassDataArchive.jvmOptions(" "));
        assertEquals(List.of(), ClassDataArchive.jvmOptions(tmp.resolve("missing.jsa").toString()));
        assertEquals(List.of(), ClassDataArchive.jvmOptions(tmp.toString()), "a directory is no archive");
    }
}
