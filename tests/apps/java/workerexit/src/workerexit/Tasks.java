package workerexit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

public class Tasks {
    /** i*i after 100 ms, unless the mode makes this attempt end the worker's JVM (System.exit, or Runtime.halt for halt-once). */
    public static Integer square(String mode, String markerDir, String exitOn, int i) throws IOException, InterruptedException {
        String here = System.getProperty("user.dir");
        Path marker = Path.of(markerDir, "square-" + i);
        boolean first = !Files.exists(marker);
        Files.writeString(marker, "attempt at " + here + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Thread.sleep(100);
        boolean exit = switch (mode) {
            case "exit-once", "halt-once" -> i == 3 && first;
            case "exit-always" -> i == 3;
            case "exit-on" -> here.contains(exitOn);
            default -> throw new IllegalArgumentException(mode);
        };
        if (exit && mode.startsWith("halt")) {
            Runtime.getRuntime().halt(3); // no shutdown hooks, no finalisation: the JVM just ends
        }
        if (exit) {
            System.exit(3);
        }
        return i * i;
    }
}
