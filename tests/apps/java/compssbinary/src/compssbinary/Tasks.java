package compssbinary;

import io.braid.streams.FileDistroStream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The Java implementations. */
public class Tasks {

    /** The Java implementation of where: waits until the binary implementation ran too. */
    public static void where(int i, String markers, String out) throws IOException, InterruptedException {
        Files.writeString(Path.of(markers, "java-ran"), "");
        Path other = Path.of(markers, "binary-ran");
        for (int k = 0; k < 600 && !Files.exists(other); k++) {
            Thread.sleep(100);
        }
        Files.writeString(Path.of(out), "java " + i + " " + Path.of(out).toAbsolutePath() + " sawBinary="
            + Files.exists(other) + "\n");
    }

    /** Never runs in the test: no node has its architecture. */
    public static Integer sleepy(String pidFile) {
        return -1;
    }

    /** Reads the file stream until it closes; writes the marker once it got a file. */
    public static Integer consume(FileDistroStream fds, String marker) throws Exception {
        int files = 0;
        while (!fds.isClosed()) {
            List<String> got = fds.poll(1000);
            files += got.size();
            if (files > 0 && !Files.exists(Path.of(marker))) {
                Files.writeString(Path.of(marker), "got " + files);
            }
        }
        files += fds.poll().size();
        return files;
    }
}
