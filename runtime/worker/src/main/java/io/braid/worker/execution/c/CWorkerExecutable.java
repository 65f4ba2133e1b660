package io.braid.worker.execution.c;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the worker finds {@code braid-c-worker}: the path the setting {@code BRAID_C_WORKER}
 * ({@code braid.c.worker}) gives, else the first that exists of: next to braid.jar, the {@code bin}
 * of the prefix braid.jar is installed under ({@code PREFIX/share/braid/braid.jar} and
 * {@code PREFIX/bin/braid-c-worker}, as {@code cmake --install} lays them out), the bindings-c
 * build of the repository braid.jar was built in ({@code bindings-c/target/build}), the PATH.
 */
public final class CWorkerExecutable {
    static final String NAME = "braid-c-worker";

    private CWorkerExecutable() {
    }

    /** {@code configured}: the setting's value, null when unset. */
    public static Path find(String configured) {
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured.strip()).toAbsolutePath();
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw new IllegalStateException("BRAID_C_WORKER=" + configured + ": no executable file there (the"
                        + " braid-c-worker that runs C tasks)");
            }
            return p;
        }
        List<Path> candidates = candidates();
        for (Path p : candidates) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException("no " + NAME + " to run C tasks: build bindings-c (cmake) or set"
                + " BRAID_C_WORKER to its path (looked at " + candidates.size() + " places, e.g. "
                + candidates.get(0) + ", and the PATH)");
    }

    private static List<Path> candidates() {
        Set<Path> out = new LinkedHashSet<>();
        Path code = codeLocation();
        if (code != null) {
            Path dir = Files.isDirectory(code) ? code : code.getParent();
            out.add(dir.resolve(NAME));
            if (dir.getParent() != null && dir.getParent().getParent() != null) {
                out.add(dir.getParent().getParent().resolve("bin").resolve(NAME));
            }
            for (Path up = dir; up != null; up = up.getParent()) {
                out.add(up.resolve("bindings-c").resolve("target").resolve("build").resolve(NAME));
            }
        }
        String path = System.getenv("PATH");
        for (String entry : path == null ? new String[0] : path.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                out.add(Path.of(entry).resolve(NAME));
            }
        }
        return new ArrayList<>(out);
    }

    private static Path codeLocation() {
        try {
            var source = CWorkerExecutable.class.getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }
}
