package hostfiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /** Writes the text and the writer's working directory (its node's). */
    public static void produce(String path, String text) throws IOException {
        Files.writeString(Path.of(path), text + " written in " + Path.of("").toAbsolutePath());
    }

    /** The path the task was given, the content, the reader's working dir, and the file it really read. */
    public static String consume(String path) throws IOException {
        return Path.of(path).toAbsolutePath() + " | " + Files.readString(Path.of(path)) + " | read in "
                + Path.of("").toAbsolutePath() + " | " + Path.of(path).toRealPath();
    }
}
