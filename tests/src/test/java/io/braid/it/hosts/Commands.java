package io.braid.it.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command of the test machine to completion, for the harness's set-up and tear-down. */
public final class Commands {
    private Commands() {
    }

    /** What a finished command gave. */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** Runs {@code cmd} (stdout and stderr merged) within {@code timeoutSeconds}; a command that hangs is killed. */
    public static Result run(long timeoutSeconds, Map<String, String> env, List<String> cmd) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().close();
            byte[][] out = new byte[1][];
            Thread reader = new Thread(() -> {
                try {
                    out[0] = p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    out[0] = new byte[0];
                }
            }, "cmd-output");
            reader.setDaemon(true);
            reader.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                reader.join(2_000);
                return new Result(-1, "timed out after " + timeoutSeconds + " s: " + String.join(" ", cmd));
            }
            reader.join(5_000);
            return new Result(p.exitValue(), out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, "cannot run " + String.join(" ", cmd) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted: " + String.join(" ", cmd));
        }
    }

    public static Result run(String... cmd) {
        return run(120, Map.of(), List.of(cmd));
    }

    /** Runs it and fails with its output when it does not succeed. */
    public static String check(String... cmd) {
        Result r = run(cmd);
        if (!r.ok()) {
            throw new IllegalStateException("'" + String.join(" ", cmd) + "' failed (" + r.exitCode() + "): "
                    + r.output().strip());
        }
        return r.output();
    }
}
