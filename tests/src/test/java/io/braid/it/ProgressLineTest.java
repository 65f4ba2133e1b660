package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * On a terminal (a pseudo-terminal from util-linux's script), braid-run shows a live
 * "done / running / pending" line on stderr, erased before the application's own output and at
 * the end; without a terminal (every other test) it shows nothing.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ProgressLineTest extends ItBase {
    private static final String ERASE = "\r\033[K";

    @Test
    void progressLineOnATerminalOnly() throws Exception {
        String cmd = "'" + Repo.braidRun() + "' --base_log_dir='" + tmp.resolve("logs") + "' -cp '"
                + BraidApp.classes("simple") + "' simple.Main 60";
        Process p = new ProcessBuilder("script", "-qec", cmd, "/dev/null").directory(tmp.toFile())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(80, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);

        assertTrue(out.contains("[braid] tasks done "), () -> "no progress line:\n" + out);
        assertTrue(out.matches("(?s).*\\[braid\\] tasks done \\d+ \\| running \\d+ \\| pending \\d+.*"), out);
        // The application's lines start clean (the progress line was erased before them).
        List<String> lines = out.replace(ERASE, "\n").lines().map(String::strip).toList();
        assertTrue(lines.contains("sum of squares 1..60 = " + (60 * 61 * 121 / 6)), () -> "app output mangled:\n" + out);
        assertTrue(lines.contains("lines counted by a task: 7"), out);
        // Nothing is left drawn at the end: the last line drawn is erased. (It may be drawn after the
        // application's last line, while the run waits for its last tasks.)
        int lastDrawn = out.lastIndexOf("[braid] tasks done");
        assertTrue(out.indexOf(ERASE, lastDrawn) > lastDrawn,
                () -> "progress line left drawn at the end:\n" + out.substring(lastDrawn).replace(ERASE, "<erase>"));
    }

    @Test
    void noProgressLineWithoutATerminal() {
        RunResult r = BraidRunner.in(tmp).app("simple").main("simple.Main").args(5).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertFalse(r.stderr().contains("tasks done"), r::describe);
        assertFalse(r.stdout().contains("tasks done"), r::describe);
    }
}
