package io.braid.launcher.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The run's log directory: {@code <base>/<app>_NN}, a fresh one per run (as runcompss does), or one given as is. */
final class LogDir {
    private LogDir() {
    }

    static Path create(String base, String appName) throws IOException {
        Path root = expand(base);
        Files.createDirectories(root);
        String simple = appName.substring(appName.lastIndexOf('.') + 1).replaceAll("[^A-Za-z0-9_.-]", "_");
        for (int n = 1; ; n++) {
            Path dir = root.resolve(String.format("%s_%02d", simple, n));
            try {
                Files.createDirectory(dir);
                return dir;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // taken by an earlier run: try the next number
            }
        }
    }

    /** {@code --specific_log_dir}: that directory, as given (created if missing; runcompss does the same). */
    static Path specific(String dir) throws IOException {
        return Files.createDirectories(expand(dir));
    }

    private static Path expand(String dir) {
        return Path.of(dir.startsWith("~") ? System.getProperty("user.home") + dir.substring(1) : dir).toAbsolutePath();
    }
}
