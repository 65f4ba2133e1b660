package io.braid.launcher.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class OptionWordsTest {

    @Test
    void blanksSeparateWords() {
        assertEquals(List.of("--summary", "--log_level=info"), OptionWords.split("  --summary\t--log_level=info \n"));
        assertEquals(List.of(), OptionWords.split(""));
        assertEquals(List.of(), OptionWords.split(null));
    }

    @Test
    void quotesAndBackslashesKeepBlanks() {
        assertEquals(List.of("--base_log_dir=/my logs/x", "--project=a b.xml", "--resources=c d.xml", "e\"f"),
                OptionWords.split("--base_log_dir='/my logs/x' \"--project=a b.xml\" --resources=c\\ d.xml \"e\\\"f\""));
        assertEquals(List.of(""), OptionWords.split("''"));
    }

    @Test
    void anUnclosedQuoteIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OptionWords.split("--x='a"));
        assertTrue(e.getMessage().contains("--x='a") && e.getMessage().contains("not closed"), e.getMessage());
    }
}
