package sync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    public static Integer twice(int x) throws InterruptedException {
        Thread.sleep(50);
        return 2 * x;
    }

    public static String greet(String name) throws InterruptedException {
        Thread.sleep(50);
        return "hello " + name;
    }

    public static Point point(int x, int y) throws InterruptedException {
        Thread.sleep(50);
        return new Point(x, y);
    }

    public static void note(String path, String text) throws IOException, InterruptedException {
        Thread.sleep(50);
        Files.writeString(Path.of(path), text + "\nsecond line\n");
    }
}
