package io.braid.engine.dispatch;

import java.nio.file.Path;
import java.util.Map;

/**
 * Translates a path on one host (the master, or a worker that wrote a file) to the path of the
 * same file on a node, when both mount the disk that holds it (declared in the XML files). Then
 * the node reads the file in place: no copy.
 */
public final class SharedDisks {
    private final Map<String, String> masterMounts;

    public SharedDisks(Map<String, String> masterMounts) {
        this.masterMounts = masterMounts;
    }

    /** The file's path on a node with these mounts, or null when they share no disk for it. */
    public String pathOn(Map<String, String> nodeMounts, Path masterPath) {
        return between(masterMounts, nodeMounts, masterPath);
    }

    /**
     * The path, on a host with mounts {@code to}, of the file at {@code path} on a host with
     * mounts {@code from} (disk name to mount point), or null when they share no disk holding it.
     */
    public static String between(Map<String, String> from, Map<String, String> to, Path path) {
        for (var disk : from.entrySet()) {
            Path mount = Path.of(disk.getValue());
            String toMount = to.get(disk.getKey());
            if (toMount != null && path.startsWith(mount)) {
                return Path.of(toMount).resolve(mount.relativize(path)).toString();
            }
        }
        return null;
    }
}
