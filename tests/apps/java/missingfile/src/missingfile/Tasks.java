package missingfile;

import java.io.FileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;

public class Tasks {

    public static void writeLine(String fileName, String line) throws IOException {
        try (FileWriter w = new FileWriter(fileName)) {
            w.write(line + "\n");
        }
    }

    public static Integer countLines(String fileName) throws IOException {
        return Files.readAllLines(Paths.get(fileName)).size();
    }

    public static void appendLine(String line, String fileName) throws IOException {
        try (FileWriter w = new FileWriter(fileName, true)) {
            w.write(line + "\n");
        }
    }
}
