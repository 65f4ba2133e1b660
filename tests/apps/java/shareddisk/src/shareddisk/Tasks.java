package shareddisk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /** The path the task was given, and the file's first line (to show it is the right file). */
    public static String whereIsIt(String file) throws IOException {
        return Path.of(file).toRealPath() + " " + Files.readAllLines(Path.of(file)).get(0);
    }
}
