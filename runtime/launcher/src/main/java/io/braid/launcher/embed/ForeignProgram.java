package io.braid.launcher.embed;

import io.braid.comm.message.ProcessCall;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
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
    private static final Set<String> STREAMS = Set.of("STDIN", "STDOUT", "STDERR");

    /**
     * @param where          "task m.f: ", put before every message
     * @param settings       {@code key=value} entries
     * @param prefixes       per parameter: text put before its value, or null (null: none at all)
     * @param streams        per parameter: STDIN, STDOUT, STDERR or null (null: none at all)
     * @param nparams        the declared parameters
     * @param computingUnits the computing_units constraint (units per MPI process), null if none
     */
    static ForeignProgram of(String where, String[] settings, String[] prefixes, String[] streams, int nparams,
                             String computingUnits) {
        Map<String, String> s = settings(where, settings);
        String kind = s.getOrDefault("kind", "");
        boolean mpi = kind.equals("mpi");
        if (!mpi && !kind.equals("binary")) {
            throw new IllegalArgumentException(where + "program kind '" + kind + "' (binary, mpi)");
        }
        String decorator = mpi ? "@mpi" : "@binary";
        if (!mpi) {
            for (String key : s.keySet()) {
                if (MPI_ONLY.contains(key)) {
                    throw new IllegalArgumentException(where + "@binary has no '" + key + "' (an @mpi setting)");
                }
            }
        }
        String binary = required(where, decorator, "binary", s);
        String runner = mpi ? required(where, decorator, "runner", s) : null;
        boolean fail = flag(where, decorator, "fail_by_exit_value", s);
        List<String> flags = mpi && s.containsKey("flags")
                ? Arrays.stream(s.get("flags").strip().split("\\s+")).filter(f -> !f.isEmpty()).toList() : List.of();
        int processes = mpi ? positive(where, decorator + " processes", s.getOrDefault("processes", "1")) : 1;
        int units = computingUnits == null || computingUnits.isBlank() ? 1
                : positive(where, "constraint computing_units", computingUnits);
        int ranks = mpi && flag(where, decorator, "scale_by_cu", s) ? processes * units : processes;
        ProcessCall call = new ProcessCall(mpi, binary, s.get("working_dir"), runner, flags, mpi ? ranks : 0, fail,
                perParam(where, "prefixes", prefixes, nparams, false), perParam(where, "streams", streams, nparams, true),
                true);
        return new ForeignProgram(call, mpi && processes > 1 ? String.valueOf(processes * units) : null);
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

    private static List<String> perParam(String where, String what, String[] given, int n, boolean stream) {
        if (given == null) {
            return null;
        }
        if (given.length != n) {
            throw new IllegalArgumentException(where + given.length + " " + what + " for " + n + " parameters");
        }
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String v = given[i];
            if (stream && v != null) {
                v = v.strip().toUpperCase(Locale.ROOT);
                if (v.isEmpty() || v.equals("UNSPECIFIED")) {
                    v = null;
                } else if (!STREAMS.contains(v)) {
                    throw new IllegalArgumentException(where + "parameter " + (i + 1) + ": standard stream '" + given[i]
                            + "' (STDIN, STDOUT, STDERR)");
                }
            }
            out.add(v);
        }
        return out;
    }

    private static String required(String where, String decorator, String key, Map<String, String> s) {
        String v = s.get(key);
        if (v == null) {
            throw new IllegalArgumentException(where + decorator + " needs " + key);
        }
        return v;
    }

    private static boolean flag(String where, String decorator, String key, Map<String, String> s) {
        String v = s.getOrDefault(key, "false").toLowerCase(Locale.ROOT);
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(where + decorator + " " + key + " = '" + s.get(key) + "' (true, false)");
        }
        return v.equals("true");
    }

    private static int positive(String where, String what, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(where + what + " = '" + value + "': expected a whole number >= 1");
    }
}
