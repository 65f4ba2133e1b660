package compssfailures;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Args: timeouts | busy | cancel. Files go to the current directory.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "timeouts": {
                // fast: ends within its time-out; slow: cancelled, its failure ignored (empty file)
                Tasks.sleepyWriter("fast.txt", 100);
                Tasks.sleepyWriter("slow.txt", 60_000);
                System.out.println("fast: " + Files.readString(Path.of("fast.txt")).trim());
                System.out.println("slow: [" + Files.readString(Path.of("slow.txt")) + "]");
                break;
            }
            case "busy": {
                Tasks.busyLooper("busy.txt");
                System.out.println("busy: " + new File("busy.txt").exists());
                break;
            }
            case "cancel": {
                Tasks.failingWriter("first.txt");
                Tasks.copyFile("first.txt", "second.txt");
                Tasks.writeText("other.txt", "independent");
                System.out.println("other: " + Files.readString(Path.of("other.txt")).trim());
                break;
            }
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
