package compssfailures;

import io.braid.api.BraidWorker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /** Sleeps (interruptibly), then writes: cancelled by its time-out when it sleeps too long. */
    public static void sleepyWriter(String fileName, int sleepMs) throws Exception {
        try {
            Thread.sleep(sleepMs);
        } catch (InterruptedException e) {
            System.out.println("sleep interrupted");
        }
        BraidWorker.cancellationPoint();
        Files.writeString(Path.of(fileName), "slept " + sleepMs + "\n");
    }

    /** Never sleeps: only its cancellation point stops it. */
    public static void busyLooper(String fileName) throws Exception {
        long spins = 0;
        while (true) {
            spins++;
            if (spins % 1000 == 0) {
                BraidWorker.cancellationPoint();
            }
        }
    }

    public static void failingWriter(String fileName) throws IOException {
        throw new IOException("the disk of " + fileName + " is gone");
    }

    public static void writeText(String fileName, String text) throws IOException {
        Files.writeString(Path.of(fileName), text + "\n");
    }

    public static void copyFile(String from, String to) throws IOException {
        Files.copy(Path.of(from), Path.of(to));
    }
}
