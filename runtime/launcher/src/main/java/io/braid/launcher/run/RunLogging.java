package io.braid.launcher.run;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Points the runtime's logging (slf4j-simple) at {@code <log dir>/runtime.log}. Must run before
 * the first logger is created, so the launcher's main class has no logger of its own.
 */
public final class RunLogging {
    private RunLogging() {
    }

    /** {@code specificLogDir}: the log dir itself (runcompss's {@code --specific_log_dir}), or null for a new one under {@code baseLogDir}. */
    public static Path setUp(String baseLogDir, String specificLogDir, String appName, String level) throws IOException {
        Path dir = specificLogDir != null ? LogDir.specific(specificLogDir) : LogDir.create(baseLogDir, appName);
        java.nio.file.Files.createDirectories(dir.resolve("jobs"));
        System.setProperty("org.slf4j.simpleLogger.logFile", dir.resolve("runtime.log").toString());
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "off".equals(level) ? "warn" : level);
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
        return dir;
    }
}
