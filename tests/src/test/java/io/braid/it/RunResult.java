package io.braid.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What one braid-run produced: exit status, output, and its log directory (may be null if none was created). */
public record RunResult(int exitCode, String stdout, String stderr, Path logDir) {

    public List<String> stdoutLines() {
        return lines(stdout);
    }

    public List<String> stderrLines() {
        return lines(stderr);
    }

    private static List<String> lines(String s) {
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\\R"));
    }

    /** Lines of stdout starting with the prefix, in order. */
    public List<String> stdoutStartingWith(String prefix) {
        return stdoutLines().stream().filter(l -> l.startsWith(prefix)).toList();
    }

    /** The single stdout line starting with the prefix, with the prefix removed. */
    public String value(String prefix) {
        List<String> l = stdoutStartingWith(prefix);
        if (l.size() != 1) {
            throw new AssertionError("expected exactly one stdout line starting with '" + prefix + "', found " + l + "\n" + describe());
        }
        return l.get(0).substring(prefix.length());
    }

    public String runtimeLog() {
        return read(logDir.resolve("runtime.log"));
    }

    public Path workersDir() {
        return logDir.resolve("workers");
    }

    /** Worker logs by node name ({@code <log dir>/workers/<node>.log}). */
    public Map<String, String> workerLogs() {
        Map<String, String> out = new TreeMap<>();
        for (Path p : list(workersDir())) {
            String f = p.getFileName().toString();
            if (f.endsWith(".log") && Files.isRegularFile(p)) {
                out.put(f.substring(0, f.length() - 4), read(p));
            }
        }
        return out;
    }

    /** Task output files under {@code <log dir>/jobs} by file name, with their content. */
    public Map<String, String> jobOutputs() {
        Map<String, String> out = new TreeMap<>();
        for (Path p : list(logDir.resolve("jobs"))) {
            if (Files.isRegularFile(p)) {
                out.put(p.getFileName().toString(), read(p));
            }
        }
        return out;
    }

    /** Everything useful for an assertion message: exit code, output, and the logs. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("exit code: ").append(exitCode).append('\n');
        sb.append("---- stdout ----\n").append(stdout).append('\n');
        sb.append("---- stderr ----\n").append(stderr).append('\n');
        if (logDir != null) {
            sb.append("---- log dir: ").append(logDir).append('\n');
            Path rt = logDir.resolve("runtime.log");
            if (Files.isRegularFile(rt)) {
                sb.append("---- runtime.log (tail) ----\n").append(tail(read(rt), 60)).append('\n');
            }
            if (Files.isDirectory(workersDir())) {
                workerLogs().forEach((node, log) ->
                        sb.append("---- workers/").append(node).append(".log (tail) ----\n").append(tail(log, 30)).append('\n'));
            }
        }
        return sb.toString();
    }

    static String tail(String s, int n) {
        List<String> l = lines(s);
        return String.join("\n", l.subList(Math.max(0, l.size() - n), l.size()));
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
