package io.braid.engine.dispatch;

import java.nio.file.Path;
import java.util.Map;

/**
 * Translates a master path to the path of the same file on a node, when both mount the disk
 * that holds it (declared in the XML files). Then the node reads the file in place: no copy.
 */
public final class SharedDisks {
    private final Map<String, String> masterMounts;

    public SharedDisks(Map<String, String> masterMounts) {
        this.masterMounts = masterMounts;
    }

    /** The file's path on a node with these mounts, or null when they share no disk for it. */
    public String pathOn(Map<String, String> nodeMounts, Path masterPath) {
        for (var disk : masterMounts.entrySet()) {
            Path mount = Path.of(disk.getValue());
            String nodeMount = nodeMounts.get(disk.getKey());
            if (nodeMount != null && masterPath.startsWith(mount)) {
                return Path.of(nodeMount).resolve(mount.relativize(masterPath)).toString();
            }
        }
        return null;
    }
}
