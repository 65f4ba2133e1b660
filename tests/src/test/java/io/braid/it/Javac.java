package io.braid.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The JDK's javac as a user runs it, with the thin API jar as the whole class path. */
final class Javac {
    private Javac() {
    }

    /** What javac said, its command line first, and its exit status. */
    record Compilation(int exitCode, String output) {
    }

    /** Compiles every .java file under {@code sources} into {@code out} against braid-app-api.jar alone. */
    static Compilation againstApiJar(Path sources, Path out) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "--release", "17", "-Xlint:none", "-cp", Repo.appApiJar().toString(), "-d", out.toString()));
        try {
            Files.createDirectories(out);
            try (Stream<Path> s = Files.walk(sources)) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(p -> cmd.add(p.toString()));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("javac did not finish in 60 s: " + cmd);
            }
            return new Compilation(p.exitValue(), "javac " + String.join(" ", cmd) + "\n" + output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while javac ran", e);
        }
    }
}
