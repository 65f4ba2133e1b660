package io.braid.streams.internals.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

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

    private static final Set<String> SHARED_FILE_SYSTEMS = Set.of("nfs", "nfs4", "cifs", "smb3", "smbfs",
            "lustre", "gpfs", "beegfs", "ceph", "glusterfs", "panfs", "afs", "9p", "ocfs2", "gfs2", "virtiofs",
            "wekafs", "pvfs2", "orangefs");

    /** The rule for files in {@code dir} on this machine: itself, or what {@link #AUTO} means there. */
    CompletionRule resolve(Path dir) {
        if (this != AUTO) {
            return this;
        }
        if (!OpenWriters.available()) {
            return STABILITY;
        }
        return isShared(dir) ? OPEN_FILES_AND_STABILITY : OPEN_FILES;
    }

    private static boolean isShared(Path dir) {
        try {
            String type = Files.getFileStore(dir).type().toLowerCase(Locale.ROOT);
            return SHARED_FILE_SYSTEMS.contains(type) || type.startsWith("nfs") || type.startsWith("fuse");
        } catch (IOException e) {
            return true; // cannot tell: be careful
        }
    }

    boolean usesOpenFiles() {
        return this == OPEN_FILES || this == OPEN_FILES_AND_STABILITY;
    }

    boolean usesStability() {
        return this == STABILITY || this == OPEN_FILES_AND_STABILITY;
    }
}
