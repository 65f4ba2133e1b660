package chainahead;

import java.nio.file.Files;
import java.nio.file.Path;

public class Tasks {
    /**
     * One link: x + 1 after {@code ms} milliseconds. Writes its worker's pid to {@code pidFile}; the
     * link reading {@code failAt} throws the first time it runs (it leaves {@code marker} behind).
     */
    public static Integer link(Integer x, int ms, int failAt, String marker, String pidFile) throws Exception {
        Files.writeString(Path.of(pidFile + ".tmp"), String.valueOf(ProcessHandle.current().pid()));
        Files.move(Path.of(pidFile + ".tmp"), Path.of(pidFile), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Thread.sleep(ms);
        if (x == failAt && !Files.exists(Path.of(marker))) {
            Files.createFile(Path.of(marker));
            throw new IllegalStateException("planned failure of the link reading " + x);
        }
        return x + 1;
    }
}
