package compssgroups;

import io.braid.api.BraidException;
import io.braid.api.BraidWorker;

import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /** Sleeps, then throws BraidException or writes its marker; a cancelled one stops at its sleep or cancellation point. */
    public static void work(String marker, int sleepMs, boolean fail, String label) throws Exception {
        if (System.getenv("GROUPS_STARTED_DIR") != null) { // tells the main program it started: Main.awaitStarted
            Files.writeString(Path.of(System.getenv("GROUPS_STARTED_DIR"), label), "started");
        }
        try {
            Thread.sleep(sleepMs);
        } catch (InterruptedException e) {
            System.out.println("interrupted " + label);
        }
        BraidWorker.cancellationPoint();
        if (fail) {
            throw new BraidException("failed in " + label);
        }
        Files.writeString(Path.of(marker), "done\n");
    }

    public static void otherTask(String marker) throws Exception {
        Files.writeString(Path.of(marker), "other\n");
    }
}
