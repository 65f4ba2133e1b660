package io.braid.streams.internals.files;

import io.braid.streams.internals.settings.StreamSettings;

import java.time.Duration;
import java.util.Locale;

/**
 * Options of a watched directory ({@link DirectoryMonitor}, {@link DirectoryFileStreamQueue}).
 * Each option's system property, default and check are declared in {@link StreamSettings}
 * ({@code braid.streams.files.*}); {@link #fromSystemProperties()} reads them, the
 * {@code with...} methods override them.
 *
 * @param pollingOnly     {@code polling}: no WatchService, only
 *                        the periodic directory scan; for shared file systems that deliver no events
 * @param completion      {@code completion}:
 *                        how a file is known to be closed by its writer, see {@link CompletionRule}
 * @param stabilityWindow {@code stabilityMs}: how long size and mtime
 *                        must stay unchanged under the stability rules
 * @param scanInterval    {@code scanMs}: period of the directory
 *                        scan, always on as a safety net for missed or absent events
 * @param recheckInterval {@code recheckMs}: how often a file known to be
 *                        open for writing is looked at again (one readlink per known writer fd)
 * @param includeExisting {@code includeExisting}: files already in the
 *                        directory when monitoring starts count (after the same completion rule)
 */
public record FileStreamOptions(boolean pollingOnly, CompletionRule completion, Duration stabilityWindow,
                                Duration scanInterval, Duration recheckInterval, boolean includeExisting) {

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
                StreamSettings.FILES_POLLING.get(),
                StreamSettings.FILES_COMPLETION.get(),
                Duration.ofMillis(StreamSettings.FILES_STABILITY_MS.get()),
                Duration.ofMillis(StreamSettings.FILES_SCAN_MS.get()),
                Duration.ofMillis(StreamSettings.FILES_RECHECK_MS.get()),
                StreamSettings.FILES_INCLUDE_EXISTING.get());
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

    /** A completion rule by its name in lower case with dashes ({@code open-files}); any case accepted. */
    public static CompletionRule parseRule(String text) {
        return CompletionRule.valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }
}
