package io.braid.launcher.options;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The table scripts/braid-enqueue reads to pass braid-run's options through. */
class OptionTableTest {
    @Test
    void everyNameAndAliasWithWhetherItTakesAValue() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OptionTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.contains("--classpath\tvalue"), lines.toString());
        assertTrue(lines.contains("-cp\tvalue"), lines.toString());
        assertTrue(lines.contains("-g\toptional"), lines.toString());
        assertTrue(lines.contains("--slurm\tflag"), lines.toString());
        assertTrue(lines.contains("--comm\tvalue"), lines.toString());
        assertTrue(lines.contains("--graph\toptional"), lines.toString());
        long names = LauncherOptions.ALL.stream().mapToLong(s -> 1 + s.aliases().size()).sum();
        assertEquals(names, lines.size());
    }
}
