package io.braid.launcher.embed;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the options string of an embedded run ({@code BRAID_RUN_OPTIONS}, or the string given to
 * {@code braid_on_options}) into words as a POSIX shell would for plain words: blanks separate,
 * single quotes keep everything, double quotes keep blanks and honour {@code \"} and {@code \\},
 * a backslash outside quotes escapes the next character. So a path with blanks can be passed.
 */
public final class OptionWords {
    private OptionWords() {
    }

    /** @throws IllegalArgumentException naming the string when a quote is not closed */
    public static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        if (text == null) {
            return words;
        }
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\\')) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                inWord = true;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("options '" + text + "': the quote " + quote + " is not closed");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
