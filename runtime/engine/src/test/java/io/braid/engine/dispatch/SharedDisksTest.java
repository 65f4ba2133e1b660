package io.braid.engine.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SharedDisksTest {

    @Test
    void aPathOnADiskBothHostsMountIsTranslatedToTheReadersMountPoint() {
        Map<String, String> writer = Map.of("scratch", "/gpfs/scratch", "home", "/home");
        Map<String, String> reader = Map.of("scratch", "/mnt/scratch");
        assertEquals("/mnt/scratch/run1/wd/d2v1_out.txt",
                SharedDisks.between(writer, reader, Path.of("/gpfs/scratch/run1/wd/d2v1_out.txt")));
        assertNull(SharedDisks.between(writer, reader, Path.of("/home/u/d2v1_out.txt")), "the reader lacks that disk");
        assertNull(SharedDisks.between(writer, reader, Path.of("/tmp/d2v1_out.txt")), "on no shared disk");
        assertEquals("/mnt/scratch/x", new SharedDisks(writer).pathOn(reader, Path.of("/gpfs/scratch/x")));
    }
}
