package shareddisk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /** The name of the file the task was given. */
    public static String nameOf(String file) {
        return Path.of(file).getFileName().toString();
    }

    /** The real path of the file the task was given, and its first line (to show it is the right file). */
    public static String whereIsIt(String file) throws IOException {
        return Path.of(file).toRealPath() + " " + Files.readAllLines(Path.of(file)).get(0);
    }
}
