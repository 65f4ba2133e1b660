package explicit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    public static void fill(StringBuilder sb, String s) {
        sb.append(s);
    }

    public static void write(String path, String text) throws IOException {
        Files.writeString(Path.of(path), text);
    }

    public static Integer slow(int x) throws InterruptedException {
        Thread.sleep(100);
        return x + 1;
    }
}
