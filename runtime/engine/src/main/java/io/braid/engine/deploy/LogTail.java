package io.braid.engine.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last words of a worker's log, for the one line that says why it did not start. */
public final class LogTail {
    private static final int MAX_CHARS = 300;

    private LogTail() {
    }

    /** The log's last non-blank line (at most {@value #MAX_CHARS} characters), or "" when there is none. */
    public static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (!l.isEmpty()) {
                    return l.length() > MAX_CHARS ? l.substring(0, MAX_CHARS) + "..." : l;
                }
            }
            return "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
