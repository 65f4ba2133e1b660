package io.braid.launcher.app;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The rules of a program task (a binary or an MPI program as a task's implementation), one
 * validator for both ways of declaring one: a Java interface's {@code @Binary}/{@code @MPI}
 * ({@link ProcessImplementations}) and a Python main program's {@code @binary}/{@code @mpi}
 * ({@code io.braid.launcher.embed.ForeignProgram}). Each path hands in its raw values and its
 * {@link Spelling}, so that a message names the culprit as that path's user wrote it.
 */
public final class ProgramRules {
    private static final Set<String> STD_STREAMS = Set.of("STDIN", "STDOUT", "STDERR");

    private ProgramRules() {
    }

    /** The settings of a program, each named by a {@link Spelling}. */
    public enum Setting { BINARY, RUNNER, PROCESSES, SCALE_BY_CU, FAIL_BY_EXIT_VALUE, COMPUTING_UNITS }

    /**
     * How one path's user writes a program declaration, for its messages.
     *
     * @param where       put before every message ("pkg.Itf.run(int): ", "task app.run: ")
     * @param binary      the binary's decorator or annotation ("@Binary", "@binary")
     * @param mpi         the MPI program's ("@MPI", "@mpi")
     * @param constraint  the constraints' ("@Constraints", "@constraint")
     * @param names       the settings' names, in {@link Setting} order
     * @param annotation  true: a setting shows as {@code @MPI(processes = "0")}, else as {@code @mpi processes = '0'}
     * @param task        what a program task is called ("a @Binary or @MPI task")
     * @param takes       the parameters a program task takes, as this path's user writes them
     * @param error       the exception a bad declaration throws, from its message
     */
    public record Spelling(String where, String binary, String mpi, String constraint, List<String> names,
                           boolean annotation, String task, String takes,
                           Function<String, ? extends RuntimeException> error) {

        String name(Setting s) {
            return names.get(s.ordinal());
        }

        String decorator(boolean isMpi) {
            return isMpi ? mpi : binary;
        }

        String setting(String decorator, Setting s, String value) {
            return annotation ? decorator + "(" + name(s) + " = \"" + value + "\")"
                    : decorator + " " + name(s) + " = '" + value + "'";
        }

        RuntimeException fail(String what) {
            return error.apply(where + what);
        }
    }

    /**
     * A program declaration as given: text values, null or blank when absent.
     *
     * @param computingUnits the task's computing-units constraint: units per MPI process
     */
    public record Declaration(boolean mpi, String binary, String workingDir, String runner, String flags,
                              String processes, String scaleByCU, String failByExitValue, String computingUnits) {
    }

    /**
     * A checked program.
     *
     * @param flags           the MPI runner's extra flags, split at blanks
     * @param processes       MPI processes, 1 for a binary
     * @param unitsPerProcess computing units of one process (1 when not constrained)
     */
    public record Program(boolean mpi, String binary, String workingDir, String runner, List<String> flags,
                          int processes, int unitsPerProcess, boolean scaleByCU, boolean failByExitValue) {
        public Program {
            flags = List.copyOf(flags);
        }

        /** MPI ranks to start: processes, times the units per process with scaleByCU. */
        public int ranks() {
            return scaleByCU ? processes * unitsPerProcess : processes;
        }

        /** Computing units the task holds on its node (processes × units), null to leave the constraint as given. */
        public String heldUnits() {
            return mpi && processes > 1 ? String.valueOf(processes * unitsPerProcess) : null;
        }
    }

    /** What a parameter is, as far as a program's command line goes. */
    public enum ParamKind {
        /** read, rendered as command-line text */
        VALUE,
        /** a value or object the task would write: a program cannot */
        WRITTEN_VALUE,
        FILE,
        /** a file stream: its directory is the argument */
        FILE_STREAM,
        /** anything else: object streams, collections, a language's opaque objects */
        OTHER
    }

    /**
     * A parameter of a program task.
     *
     * @param culprit how a message names it ("parameter 1 'INOUT OBJECT'")
     * @param stream  the standard stream bound to it (STDIN, STDOUT, STDERR, any case), null or blank for none
     */
    public record Param(String culprit, ParamKind kind, String stream) {
    }

    /** Checks a declaration and reads it into a {@link Program}. */
    public static Program program(Spelling sp, Declaration d) {
        String decorator = sp.decorator(d.mpi());
        String binary = required(sp, decorator, Setting.BINARY, d.binary());
        String runner = d.mpi() ? required(sp, decorator, Setting.RUNNER, d.runner()) : null;
        boolean fail = flag(sp, decorator, Setting.FAIL_BY_EXIT_VALUE, d.failByExitValue());
        if (!d.mpi()) {
            return new Program(false, binary, given(d.workingDir()), null, List.of(), 1, 1, false, fail);
        }
        String processes = given(d.processes());
        int units = given(d.computingUnits()) == null ? 1
                : positive(sp, sp.constraint(), Setting.COMPUTING_UNITS, d.computingUnits());
        String flags = given(d.flags());
        return new Program(true, binary, given(d.workingDir()), runner,
                flags == null ? List.of() : Arrays.stream(flags.split("\\s+")).filter(f -> !f.isEmpty()).toList(),
                processes == null ? 1 : positive(sp, decorator, Setting.PROCESSES, processes), units,
                flag(sp, decorator, Setting.SCALE_BY_CU, d.scaleByCU()), fail);
    }

    /**
     * Checks that a program can take these parameters, and reads their standard streams: per
     * parameter, STDIN, STDOUT, STDERR or null.
     */
    public static List<String> params(Spelling sp, List<Param> params) {
        List<String> streams = new ArrayList<>(params.size());
        for (Param p : params) {
            if (p.kind() == ParamKind.WRITTEN_VALUE || p.kind() == ParamKind.OTHER) {
                throw sp.fail(p.culprit() + ": " + sp.task() + " takes " + sp.takes()
                        + (p.kind() == ParamKind.WRITTEN_VALUE ? "; it cannot write a value or an object" : ""));
            }
            String s = given(p.stream());
            if (s != null) {
                s = s.toUpperCase(Locale.ROOT);
                if (s.equals("UNSPECIFIED")) {
                    s = null;
                } else if (!STD_STREAMS.contains(s)) {
                    throw sp.fail(p.culprit() + ": standard stream '" + p.stream() + "' (STDIN, STDOUT, STDERR)");
                } else if (p.kind() != ParamKind.FILE) {
                    throw sp.fail(p.culprit() + ": standard stream " + s + " on a parameter that is not a file"
                            + " (a standard stream is bound to a file parameter)");
                }
            }
            streams.add(s);
        }
        return streams;
    }

    /** The value, stripped; null when absent or blank. */
    static String given(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        return v.isEmpty() ? null : v;
    }

    private static String required(Spelling sp, String decorator, Setting s, String value) {
        String v = given(value);
        if (v == null) {
            throw sp.fail(decorator + " needs " + sp.name(s));
        }
        return v;
    }

    private static boolean flag(Spelling sp, String decorator, Setting s, String value) {
        String v = given(value);
        if (v == null || v.equalsIgnoreCase("false")) {
            return false;
        }
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        throw sp.fail(sp.setting(decorator, s, value) + ": expected true or false");
    }

    private static int positive(Spelling sp, String decorator, Setting s, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw sp.fail(sp.setting(decorator, s, value) + ": expected a whole number >= 1");
    }
}
