package io.braid.worker.execution;

import io.braid.comm.message.ProcessCall;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line and standard-stream files of a binary or MPI job, as COMPSs renders them:
 * each parameter in declaration order as one argument {@code prefix + value} (no prefix: the value
 * alone; prefix {@code "#"}: left out), a FILE as its path on the worker, a file stream as its
 * directory, arrays and collections as one argument per element after the prefix; parameters
 * bound to STDIN/STDOUT/STDERR are not arguments but the files the streams are redirected to.
 * An MPI job is {@code mpiRunner -n <ranks> [flags...] binary args...}. Pure: no I/O.
 *
 * @param command the program and its arguments
 * @param stdin   file to read standard input from, null for none (the program sees end of input)
 * @param stdout  file standard output is appended to, null for the worker's log
 * @param stderr  file standard error is appended to, null for the worker's log
 */
public record ProcessCommand(List<String> command, String stdin, String stdout, String stderr) {
    private static final String SKIP = "#";
    private static final Pattern VAR = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}|\\$([A-Za-z_][A-Za-z0-9_]*)");

    /**
     * @param call   how to run the program
     * @param values the task's parameter values as the worker prepared them (FILE: local path)
     * @param env    environment for {@code ${VAR}} in the binary name
     * @throws IllegalArgumentException naming the culprit when a value cannot be rendered
     */
    public static ProcessCommand of(ProcessCall call, Object[] values, Map<String, String> env) {
        List<String> args = new ArrayList<>();
        String stdin = null;
        String stdout = null;
        String stderr = null;
        for (int i = 0; i < values.length; i++) {
            String stream = at(call.streams(), i);
            String prefix = at(call.prefixes(), i);
            if (stream != null) {
                String path = String.valueOf(values[i]);
                switch (stream) {
                    case "STDIN" -> stdin = path;
                    case "STDOUT" -> stdout = path;
                    case "STDERR" -> stderr = path;
                    default -> throw new IllegalArgumentException("parameter " + (i + 1) + ": unknown standard stream " + stream);
                }
                continue;
            }
            if (SKIP.equals(prefix)) {
                continue;
            }
            render(i, prefix, values[i], args);
        }
        List<String> command = new ArrayList<>();
        if (call.mpi()) {
            command.add(expand(call.mpiRunner(), env));
            command.add("-n");
            command.add(String.valueOf(call.ranks()));
            command.addAll(call.mpiFlags());
        }
        command.add(expand(call.binary(), env));
        command.addAll(args);
        return new ProcessCommand(List.copyOf(command), stdin, stdout, stderr);
    }

    /** {@code ${VAR}} and {@code $VAR} replaced from {@code env}; an unset variable is an error. */
    public static String expand(String text, Map<String, String> env) {
        Matcher m = VAR.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            String value = env.get(name);
            if (value == null) {
                throw new IllegalArgumentException("environment variable " + name + " (in \"" + text + "\") is not set on the worker");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static void render(int index, String prefix, Object value, List<String> args) {
        if (value != null && value.getClass().isArray()) {
            addPrefix(prefix, args);
            int n = java.lang.reflect.Array.getLength(value);
            for (int k = 0; k < n; k++) {
                args.add(text(index, java.lang.reflect.Array.get(value, k)));
            }
        } else if (value instanceof Collection<?> c) {
            addPrefix(prefix, args);
            for (Object o : c) {
                args.add(text(index, o));
            }
        } else {
            args.add((prefix == null ? "" : prefix) + text(index, value));
        }
    }

    private static void addPrefix(String prefix, List<String> args) {
        if (prefix != null && !prefix.isEmpty()) {
            args.add(prefix);
        }
    }

    private static String text(int index, Object value) {
        if (value instanceof FileDistroStream fs) {
            return fs.getBaseDir();
        }
        if (value instanceof DistroStream<?>) {
            throw new IllegalArgumentException("parameter " + (index + 1) + ": an object stream cannot be a program argument");
        }
        return String.valueOf(value);
    }

    private static String at(List<String> list, int i) {
        return list == null || i >= list.size() ? null : list.get(i);
    }
}
