package failures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /** Fails on its first attempt (leaves a marker file), succeeds on the next ones. */
    public static Integer flaky(String markerDir, int x) throws IOException {
        Path marker = Path.of(markerDir, "flaky-" + x);
        if (!Files.exists(marker)) {
            Files.writeString(marker, "attempt 1 at " + System.getProperty("user.dir") + "\n");
            throw new IllegalStateException("flaky task fails on its first attempt (x=" + x + ")");
        }
        Files.writeString(marker, "attempt 2 at " + System.getProperty("user.dir") + "\n", java.nio.file.StandardOpenOption.APPEND);
        return x * 10;
    }

    public static Integer doomed(String tag, int x) {
        throw new IllegalArgumentException("doomed task always fails: " + tag);
    }

    public static Integer fine(int x) {
        return x + 1;
    }
}
