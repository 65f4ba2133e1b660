package compssdirections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

public class Tasks {
    public static void accumulate(Accumulator acc, int value) throws InterruptedException {
        long start = System.currentTimeMillis();
        Thread.sleep(150);
        acc.add(value, start, System.currentTimeMillis());
    }

    public static void appendLine(String fileName, String line) throws IOException, InterruptedException {
        Thread.sleep(50);
        Files.writeString(Path.of(fileName), line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    public static Interval readSlowly(String fileName) throws IOException, InterruptedException {
        long start = System.currentTimeMillis();
        Files.readString(Path.of(fileName));
        Thread.sleep(1000);
        return new Interval(start, System.currentTimeMillis());
    }

    public static Interval rewrite(String fileName) throws IOException {
        long start = System.currentTimeMillis();
        Files.writeString(Path.of(fileName), "rewritten\n");
        return new Interval(start, System.currentTimeMillis());
    }

    public static Integer lengthOf(String fileName) throws IOException {
        return Files.readString(Path.of(fileName)).length();
    }

    public static Integer sizeOf(Accumulator acc) {
        return acc.count();
    }
}
