package io.braid.launcher.embed;

import io.braid.comm.message.ProcessCall;
import io.braid.launcher.app.ProgramRules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The binary or MPI program a non-Java main program gives as a task's implementation
 * ({@link ForeignTasks#defineProgram}), read from its {@code key=value} settings (PyCOMPSs'
 * {@code @binary}/{@code @mpi} keywords) into the {@link ProcessCall} the worker's program
 * invoker runs, as for a Java {@code @Binary}/{@code @MPI} method. Its exit value is stored as
 * a pickle, since the main program is Python.
 *
 * @param call           how the worker starts it
 * @param heldUnits      the computing units the task holds on its node (MPI: processes × units
 *                       per process), null to leave the constraint as given
 */
record ForeignProgram(ProcessCall call, String heldUnits) {
    /** Setting keys, as PyCOMPSs' decorators spell them ({@code kind}: binary or mpi). */
    static final Set<String> KEYS = Set.of("kind", "binary", "working_dir", "fail_by_exit_value", "runner", "flags",
            "processes", "scale_by_cu");
    private static final Set<String> MPI_ONLY = Set.of("runner", "flags", "processes", "scale_by_cu");

    /**
     * @param where          "task m.f: ", put before every message
     * @param settings       {@code key=value} entries
     * @param prefixes       per parameter: text put before its value, or null (null: none at all)
     * @param streams        per parameter: STDIN, STDOUT, STDERR or null (null: none at all)
     * @param nparams        the declared parameters
     * @param computingUnits the computing_units constraint (units per MPI process), null if none
     */
    /**
     * The settings' and parameters' checks are {@link ProgramRules}', as for a Java {@code @Binary}.
     *
     * @param where          "task m.f: ", put before every message
     * @param settings       {@code key=value} entries
     * @param prefixes       per parameter: text put before its value, or null (null: none at all)
     * @param streams        per parameter: STDIN, STDOUT, STDERR or null (null: none at all)
     * @param declared       the declared parameters
     * @param computingUnits the computing_units constraint (units per MPI process), null if none
     */
    static ForeignProgram of(String where, String[] settings, String[] prefixes, String[] streams,
                             List<ForeignTaskType.Param> declared, String computingUnits) {
        Map<String, String> s = settings(where, settings);
        String kind = s.getOrDefault("kind", "");
        boolean mpi = kind.equals("mpi");
        if (!mpi && !kind.equals("binary")) {
            throw new IllegalArgumentException(where + "program kind '" + kind + "' (binary, mpi)");
        }
        if (!mpi) {
            for (String key : s.keySet()) {
                if (MPI_ONLY.contains(key)) {
                    throw new IllegalArgumentException(where + "@binary has no '" + key + "' (an @mpi setting)");
                }
            }
        }
        ProgramRules.Spelling spelling = spelling(where);
        ProgramRules.Program p = ProgramRules.program(spelling, new ProgramRules.Declaration(mpi, s.get("binary"),
                s.get("working_dir"), s.get("runner"), s.get("flags"), s.get("processes"), s.get("scale_by_cu"),
                s.get("fail_by_exit_value"), computingUnits));
        int n = declared.size();
        if (streams != null) {
            count(where, "streams", streams, n);
        }
        List<ProgramRules.Param> shapes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ForeignTaskType.Param d = declared.get(i);
            shapes.add(new ProgramRules.Param("parameter " + (i + 1) + " '" + d + "'", kind(d),
                    streams == null ? null : streams[i]));
        }
        List<String> streamOf = ProgramRules.params(spelling, shapes);
        ProcessCall call = new ProcessCall(p.mpi(), p.binary(), p.workingDir(), p.runner(), p.flags(),
                p.mpi() ? p.ranks() : 0, p.failByExitValue(), prefixes == null ? null
                : Arrays.asList(count(where, "prefixes", prefixes, n)), streams == null ? null : streamOf, true);
        return new ForeignProgram(call, p.heldUnits());
    }

    /** How a Python main program's programs are named in messages: by PyCOMPSs' decorators' keywords. */
    static ProgramRules.Spelling spelling(String where) {
        return new ProgramRules.Spelling(where, "@binary", "@mpi", "@constraint",
                List.of("binary", "runner", "processes", "scale_by_cu", "fail_by_exit_value", "computing_units"), false,
                "a binary or MPI task", "values (IN VALUE, as command-line text) and files",
                IllegalArgumentException::new);
    }

    /** A Python parameter's kind for a program: its objects are pickles, and its streams' kinds are not known. */
    private static ProgramRules.ParamKind kind(ForeignTaskType.Param p) {
        return switch (p.kind()) {
            case FILE -> ProgramRules.ParamKind.FILE;
            case VALUE -> p.direction() == io.braid.api.Direction.IN ? ProgramRules.ParamKind.VALUE
                    : ProgramRules.ParamKind.WRITTEN_VALUE;
            default -> ProgramRules.ParamKind.OTHER;
        };
    }

    private static String[] count(String where, String what, String[] given, int n) {
        if (given.length != n) {
            throw new IllegalArgumentException(where + given.length + " " + what + " for " + n + " parameters");
        }
        return given;
    }

    private static Map<String, String> settings(String where, String[] entries) {
        Map<String, String> out = new HashMap<>();
        for (String e : entries == null ? new String[0] : entries) {
            int eq = e == null ? -1 : e.indexOf('=');
            String key = eq < 0 ? String.valueOf(e) : e.substring(0, eq).strip();
            if (eq < 0 || !KEYS.contains(key)) {
                throw new IllegalArgumentException(where + "program setting '" + e + "': expected key=value with a key"
                        + " of " + new java.util.TreeSet<>(KEYS));
            }
            String value = e.substring(eq + 1).strip();
            if (!value.isEmpty()) {
                out.put(key, value);
            }
        }
        return out;
    }
}
