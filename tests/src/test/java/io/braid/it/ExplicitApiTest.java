package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Braid.waitOn / barrier / getFile / deleteFile. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExplicitApiTest extends ItBase {
    @Test
    void explicitSynchronisation() throws Exception {
        RunResult r = BraidRunner.in(tmp).app("explicit").main("explicit.Main").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("abc same object true", r.value("waitOn: "), r::describe);
        assertEquals("exists true length " + "from a task".length(), r.value("getFile: "), r::describe);
        assertEquals("[1, 2, 3, 4, 5, 6]", r.value("barrier: "), r::describe);
        assertEquals("exists false", r.value("deleteFile: "), r::describe);
        assertEquals("from a task", Files.readString(tmp.resolve("explicit.txt")), r::describe);
        assertFalse(Files.exists(tmp.resolve("gone.txt")), () -> "a deleted file must not come back at the end\n" + r.describe());
        assertEquals(List.of(), r.stderrLines(), r::describe);
    }
}
