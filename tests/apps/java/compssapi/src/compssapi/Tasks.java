package compssapi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    public static Integer slowLength(String fileName, int sleepMs) throws IOException, InterruptedException {
        Thread.sleep(sleepMs);
        return Files.readString(Path.of(fileName)).length();
    }

    public static void writeText(String fileName, String text) throws IOException {
        Files.writeString(Path.of(fileName), text);
    }

    public static Integer total(Numbers numbers) {
        return numbers.values.stream().mapToInt(Integer::intValue).sum();
    }

    public static void append(Numbers numbers, int value) {
        numbers.values.add(value);
    }
}
