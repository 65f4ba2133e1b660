package io.braid.launcher.options;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LauncherOptionsTest {

    @Test
    void parsesOptionsThenApplicationAndItsArguments() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"-cp", "a.jar:b", "--summary", "-g",
            "--log_level=debug", "--interface=x.Itf", "--interface", "y.Itf", "pkg.Main", "--not-ours", "3"});
        assertEquals("a.jar:b", o.get("--classpath"));
        assertTrue(o.flag("--summary"));
        assertTrue(o.flag("--graph"));
        assertFalse(o.flag("--tracing"));
        assertEquals("debug", o.get("--log_level"));
        assertEquals(List.of("x.Itf", "y.Itf"), o.all("--interface"));
        assertEquals("pkg.Main", o.application());
        assertEquals(List.of("--not-ours", "3"), o.appArgs());
    }

    @Test
    void defaultsComeFromTheDeclarations() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"pkg.Main"});
        assertEquals("off", o.get("--log_level"));
        assertEquals("ALL", o.get("--streaming"));
        assertEquals(2, o.intValue("--io_executors"));
        assertEquals(List.of(), o.appArgs());
    }

    @Test
    void unknownOptionNamesTheCulprit() {
        UsageException e = assertThrows(UsageException.class,
                () -> LauncherOptions.parse(new String[] {"--bogus=1", "pkg.Main"}));
        assertEquals("unknown option --bogus (braid-run --help lists the options)", e.getMessage());
    }

    @Test
    void flagWithValueAndMissingValueAreErrors() {
        assertEquals("option --summary takes no value", assertThrows(UsageException.class,
                () -> LauncherOptions.parse(new String[] {"--summary=yes", "pkg.Main"})).getMessage());
        assertEquals("option --resources needs a value: --resources=FILE", assertThrows(UsageException.class,
                () -> LauncherOptions.parse(new String[] {"--resources"})).getMessage());
        assertEquals("option --io_executors: 'many' is not an integer", assertThrows(UsageException.class,
                () -> LauncherOptions.parse(new String[] {"--io_executors=many", "p.M"}).intValue("--io_executors"))
                .getMessage());
    }

    /** docs/USER_GUIDE.md shows the help text generated from the declarations, kept identical. */
    @Test
    void userGuideShowsTheCurrentHelp() throws Exception {
        Path guide = Path.of("../../docs/USER_GUIDE.md");
        String text = Files.readString(guide);
        String begin = "<!-- BEGIN braid-run --help";
        int start = text.indexOf("```\n", text.indexOf(begin)) + 4;
        int end = text.indexOf("```", start);
        assertEquals(LauncherOptions.help(), text.substring(start, end),
                "docs/USER_GUIDE.md is out of date: paste the output of scripts/braid-run --help between the markers");
    }
}
