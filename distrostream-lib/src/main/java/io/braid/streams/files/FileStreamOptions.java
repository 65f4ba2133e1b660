package io.braid.streams.files;

import java.time.Duration;
import java.util.Locale;

/**
 * Options of a watched directory ({@link DirectoryMonitor}, {@link DirectoryFileStreamQueue}).
 * Every option is declared here once, with its system property and default;
 * {@link #fromSystemProperties()} reads them, the {@code with...} methods override them.
 *
 * @param pollingOnly     {@value #POLLING_PROPERTY} (default {@code false}): no WatchService, only
 *                        the periodic directory scan; for shared file systems that deliver no events
 * @param completion      {@value #COMPLETION_PROPERTY} ({@code auto}, {@code open-files},
 *                        {@code stability}, {@code open-files-and-stability}; default {@code auto}):
 *                        how a file is known to be closed by its writer, see {@link CompletionRule}
 * @param stabilityWindow {@value #STABILITY_MS_PROPERTY} (default 500 ms): how long size and mtime
 *                        must stay unchanged under the stability rules
 * @param scanInterval    {@value #SCAN_MS_PROPERTY} (default 150 ms): period of the directory
 *                        scan, always on as a safety net for missed or absent events
 * @param recheckInterval {@value #RECHECK_MS_PROPERTY} (default 5 ms): how often a file known to be
 *                        open for writing is looked at again (one readlink per known writer fd)
 * @param includeExisting {@value #EXISTING_PROPERTY} (default {@code true}): files already in the
 *                        directory when monitoring starts count (after the same completion rule)
 */
public record FileStreamOptions(boolean pollingOnly, CompletionRule completion, Duration stabilityWindow,
                                Duration scanInterval, Duration recheckInterval, boolean includeExisting) {

    public static final String POLLING_PROPERTY = "braid.streams.files.polling";
    public static final String COMPLETION_PROPERTY = "braid.streams.files.completion";
    public static final String STABILITY_MS_PROPERTY = "braid.streams.files.stabilityMs";
    public static final String SCAN_MS_PROPERTY = "braid.streams.files.scanMs";
    public static final String RECHECK_MS_PROPERTY = "braid.streams.files.recheckMs";
    public static final String EXISTING_PROPERTY = "braid.streams.files.includeExisting";

    public FileStreamOptions {
        if (completion == null) {
            throw new IllegalArgumentException("completion rule must not be null");
        }
        requirePositive(stabilityWindow, "stabilityWindow");
        requirePositive(scanInterval, "scanInterval");
        requirePositive(recheckInterval, "recheckInterval");
    }

    /** The defaults, overridden by the system properties that are set. */
    public static FileStreamOptions fromSystemProperties() {
        return new FileStreamOptions(
                Boolean.parseBoolean(System.getProperty(POLLING_PROPERTY, "false")),
                parseRule(System.getProperty(COMPLETION_PROPERTY, "auto")),
                Duration.ofMillis(Long.getLong(STABILITY_MS_PROPERTY, 500)),
                Duration.ofMillis(Long.getLong(SCAN_MS_PROPERTY, 150)),
                Duration.ofMillis(Long.getLong(RECHECK_MS_PROPERTY, 5)),
                Boolean.parseBoolean(System.getProperty(EXISTING_PROPERTY, "true")));
    }

    public FileStreamOptions withPollingOnly(boolean value) {
        return new FileStreamOptions(value, completion, stabilityWindow, scanInterval, recheckInterval, includeExisting);
    }

    public FileStreamOptions withCompletion(CompletionRule value) {
        return new FileStreamOptions(pollingOnly, value, stabilityWindow, scanInterval, recheckInterval, includeExisting);
    }

    public FileStreamOptions withStabilityWindow(Duration value) {
        return new FileStreamOptions(pollingOnly, completion, value, scanInterval, recheckInterval, includeExisting);
    }

    public FileStreamOptions withScanInterval(Duration value) {
        return new FileStreamOptions(pollingOnly, completion, stabilityWindow, value, recheckInterval, includeExisting);
    }

    public FileStreamOptions withRecheckInterval(Duration value) {
        return new FileStreamOptions(pollingOnly, completion, stabilityWindow, scanInterval, value, includeExisting);
    }

    public FileStreamOptions withIncludeExisting(boolean value) {
        return new FileStreamOptions(pollingOnly, completion, stabilityWindow, scanInterval, recheckInterval, value);
    }

    static CompletionRule parseRule(String text) {
        try {
            return CompletionRule.valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(COMPLETION_PROPERTY + "=" + text
                    + ": expected auto, open-files, stability or open-files-and-stability", e);
        }
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }
}
