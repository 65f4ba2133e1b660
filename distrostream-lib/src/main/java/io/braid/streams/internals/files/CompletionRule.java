package io.braid.streams.internals.files;

/**
 * How {@link DirectoryMonitor} decides that a file's writer has closed it. Names starting with
 * {@code '.'} or ending with {@code .tmp} / {@code .part} are in progress whatever the rule.
 */
public enum CompletionRule {
    /**
     * {@link #OPEN_FILES} on a local file system of a machine with {@code /proc};
     * {@link #OPEN_FILES_AND_STABILITY} on a shared (network or cluster) file system, where the
     * writer may be on another node; {@link #STABILITY} without {@code /proc}.
     */
    AUTO,
    /** Complete when no process of this machine has the file open for writing ({@code /proc/<pid>/fd}). */
    OPEN_FILES,
    /** Complete when size and modification time stayed unchanged for the stability window. */
    STABILITY,
    /** Both: no local writer, and unchanged for the stability window (writers on other nodes). */
    OPEN_FILES_AND_STABILITY;

    boolean usesOpenFiles() {
        return this == OPEN_FILES || this == OPEN_FILES_AND_STABILITY;
    }

    boolean usesStability() {
        return this == STABILITY || this == OPEN_FILES_AND_STABILITY;
    }
}
