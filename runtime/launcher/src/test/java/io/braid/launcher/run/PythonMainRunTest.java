package io.braid.launcher.run;

import io.braid.launcher.embed.OptionWords;
import io.braid.launcher.options.UsageException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** braid-run's option words reach the Python process's braid_on_options unchanged. */
class PythonMainRunTest {
    @Test
    void optionWordsSurviveTheOptionsString() {
        List<String> words = List.of("--resources=/a dir/r.xml", "-cp", "it's", "--log_level=debug", "\"quoted\"",
                "back\\slash", "");
        assertEquals(words, OptionWords.split(MainProcess.shellWords(words)));
        assertEquals(List.of(), OptionWords.split(MainProcess.shellWords(List.of())));
    }

    @Test
    void anApplicationThatIsNotAFileIsAUsageError() {
        UsageException e = assertThrows(UsageException.class,
                () -> new PythonMainRun(List.of(), "no/such/app.py", List.of(), "braid.jar"));
        assertEquals("no/such/app.py: no such Python file", e.getMessage());
    }
}
