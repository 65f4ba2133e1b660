package io.braid.it;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locations inside the repository, found from the tests module directory (Maven's cwd). */
public final class Repo {
    private Repo() {
    }

    public static Path root() {
        Path cwd = Path.of("").toAbsolutePath().normalize();
        // Maven runs the tests with cwd = <root>/tests; accept being started from the root as well.
        Path root = Files.isDirectory(cwd.resolve("scripts")) ? cwd : cwd.getParent();
        if (!Files.isRegularFile(root.resolve("scripts/braid-run"))) {
            throw new IllegalStateException("cannot find scripts/braid-run from " + cwd);
        }
        return root;
    }

    static Path braidRun() {
        return root().resolve("scripts/braid-run");
    }

    static Path braidJar() {
        Path jar = root().resolve("runtime/dist/target/braid.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run 'mvn -q -o install -DskipTests' at the repository root");
        }
        return jar;
    }

    /** The thin jar applications compile against (runtime/app-api). */
    static Path appApiJar() {
        Path jar = root().resolve("runtime/app-api/target/braid-app-api.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run 'mvn -q -o package -DskipTests' at the repository root");
        }
        return jar;
    }

    /** Where the tests put what they build (under tests/target: removed by {@code mvn clean}). */
    static Path testOutput() {
        return root().resolve("tests/target/it-apps");
    }

    static Path appSources(String app) {
        return root().resolve("tests/apps/java").resolve(app).resolve("src");
    }
}
