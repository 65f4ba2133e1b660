package demoapp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    public static Integer square(int x) {
        return x * x;
    }

    public static void noop(int i) {
    }

    public static double scale(long a, double b) {
        return a * b;
    }

    public static void fill(String path, int n) {
        try {
            Files.writeString(Path.of(path), "line\n".repeat(n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Box makeBox(String label, int value) {
        return new Box(label, value);
    }

    public static String greet(String who) {
        return "hello " + who;
    }
}
