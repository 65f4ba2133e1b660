package files;

import java.io.FileWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public class Tasks {
    public static void write(String path, String line) throws IOException {
        Files.writeString(Path.of(path), line + "\n");
    }

    public static void append(String path, String line) throws IOException {
        try (Writer w = new FileWriter(path, true)) {
            w.write(line + "\n");
        }
    }

    public static Integer countLines(String path) throws IOException {
        return Files.readAllLines(Path.of(path)).size();
    }

    public static String firstAndLast(String path) throws IOException {
        List<String> l = Files.readAllLines(Path.of(path));
        return l.get(0) + ".." + l.get(l.size() - 1);
    }
}
