package io.braid.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs {@code scripts/braid-enqueue} in a directory, with an environment (SLURM_CONF), to completion. */
final class Enqueue {
    private Enqueue() {
    }

    /** What braid-enqueue gave; {@link #jobId()} from its "Submitted batch job N" line. */
    record Result(int exitCode, String stdout, String stderr) {
        String jobId() {
            String line = stdout.strip();
            if (exitCode != 0 || !line.matches("Submitted batch job \\d+")) {
                throw new AssertionError("braid-enqueue did not submit (exit " + exitCode + "): " + stdout + stderr);
            }
            return line.substring(line.lastIndexOf(' ') + 1);
        }
    }

    static Result run(Path dir, Map<String, String> env, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("bash", Repo.root().resolve("scripts/braid-enqueue").toString()));
        cmd.addAll(args);
        try {
            Files.createDirectories(dir);
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().close();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
            String out = readAll(p.getInputStream());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("braid-enqueue did not end within 60 s: " + cmd);
            }
            return new Result(p.exitValue(), out, err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static String readAll(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
