package simple;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    public static Integer square(int x) {
        return x * x;
    }

    public static Integer add(Integer a, Integer b) {
        return a + b;
    }

    public static void writeLines(String path, int n) throws IOException {
        try (PrintWriter w = new PrintWriter(path)) {
            for (int i = 0; i < n; i++) {
                w.println("line " + i);
            }
        }
    }

    public static Integer countLines(String path) throws IOException {
        return (int) Files.lines(Path.of(path)).count();
    }
}
