package io.braid.launcher.embed;

import io.braid.api.Direction;
import io.braid.api.OnFailure;
import io.braid.comm.message.ForeignCall;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.learning.AutoBandwidth;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskImplementation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The task types of one embedded run, defined by the main program: each definition is checked
 * whole (language, names, parameters, constraints) and becomes a {@link TaskDefinition} whose one
 * implementation is the foreign function, so that the master analyses, schedules and retries
 * its tasks as it does Java tasks. A bad definition is one {@link IllegalArgumentException} naming
 * the task and the culprit, before any of its tasks exist.
 */
final class ForeignTaskTypes {
    /** Constraint keys, as PyCOMPSs' {@code @constraint} spells them. */
    static final Set<String> CONSTRAINTS = Set.of("computing_units", "memory_size", "processor_architecture",
            "storage_bw", "storage_size");

    /** The "language" of a program type's parameters in {@link #param}: neither Python's nor C's rules. */
    private static final String PROGRAM = "program";

    private final List<ForeignTaskType> types = new ArrayList<>();

    /** Defines a type and returns its id (0, 1, ... in definition order). See {@link ForeignTasks#define}. */
    synchronized int define(String language, String module, String function, String location, String[] params,
                            int returns, String[] constraints, boolean io, boolean priority, String onFailure,
                            long timeOutMs) {
        String where = where(module, function);
        boolean isC = ForeignCall.C.equals(language);
        if (!ForeignCall.PYTHON.equals(language) && !isC) {
            throw new IllegalArgumentException(where + "unknown language '" + language + "' (python, c)");
        }
        if (module == null || module.isBlank() || function == null || function.isBlank()) {
            throw new IllegalArgumentException(where + "the " + (isC ? "interface" : "module")
                    + " and the function must be named");
        }
        if (returns < 0 || (isC && returns > 1)) {
            throw new IllegalArgumentException(where + "returns = " + returns + (isC ? " (a C function returns 0 or 1"
                    + " value)" : " (0 or more)"));
        }
        if (isC) {
            location = workerLibrary(where, location);
        }
        List<ForeignTaskType.Param> declared = params(where, params, language);
        ForeignCall call = new ForeignCall(language, module, function, location, returns);
        return add(where, module, function, declared, returns, constraints(where, constraints), io, priority,
                onFailure, timeOutMs, false, request -> TaskImplementation.foreign(call, request));
    }

    /**
     * Defines a type whose implementation is a binary or MPI program; returns its id. See
     * {@link ForeignTasks#defineProgram}.
     */
    synchronized int defineProgram(String module, String function, String[] program, String[] params,
                                   String[] prefixes, String[] streams, int returns, String[] constraints, boolean io,
                                   boolean priority, String onFailure, long timeOutMs) {
        String where = where(module, function);
        if (module == null || module.isBlank() || function == null || function.isBlank()) {
            throw new IllegalArgumentException(where + "the module and the function must be named");
        }
        if (returns < 0 || returns > 1) {
            throw new IllegalArgumentException(where + "returns = " + returns + " (a program returns its exit value:"
                    + " 0 or 1 return)");
        }
        List<ForeignTaskType.Param> declared = params(where, params, PROGRAM);
        Map<String, String> c = constraints(where, constraints);
        ForeignProgram prog = ForeignProgram.of(where, program, prefixes, streams, declared, c.get("computing_units"));
        if (prog.heldUnits() != null) {
            c.put("computing_units", prog.heldUnits());
        }
        TaskImplementation.Kind kind = prog.call().mpi() ? TaskImplementation.Kind.MPI : TaskImplementation.Kind.BINARY;
        return add(where, module, function, declared, returns, c, io, priority, onFailure, timeOutMs, true,
                request -> new TaskImplementation(kind, request, prog.call()));
    }

    /** "task m.f: ", put before every message about the type. */
    private static String where(String module, String function) {
        return "task " + (module == null ? "?" : module) + "." + (function == null ? "?" : function) + ": ";
    }

    private List<ForeignTaskType.Param> params(String where, String[] params, String language) {
        List<ForeignTaskType.Param> declared = new ArrayList<>();
        for (int i = 0; i < (params == null ? 0 : params.length); i++) {
            declared.add(param(where + "parameter " + (i + 1) + " ", params[i], language));
        }
        return declared;
    }

    /** The checks and the definition common to every kind of foreign type. */
    private int add(String where, String module, String function, List<ForeignTaskType.Param> declared, int returns,
                    Map<String, String> c, boolean io, boolean priority, String onFailure, long timeOutMs,
                    boolean program, Function<ResourceRequest, TaskImplementation> implementation) {
        if (timeOutMs < 0) {
            throw new IllegalArgumentException(where + "time-out " + timeOutMs + " ms (0: none, or more)");
        }
        OnFailure policy;
        try {
            policy = onFailure == null || onFailure.isBlank() ? OnFailure.RETRY
                    : OnFailure.valueOf(onFailure.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "onFailure '" + onFailure
                    + "' (RETRY, FAIL, IGNORE, CANCEL_SUCCESSORS)");
        }
        ResourceRequest request;
        AutoBandwidth auto;
        try {
            request = ResourceRequest.parse(c.get("computing_units"), c.get("memory_size"),
                    c.get("processor_architecture"), c.get("storage_bw"), c.get("storage_size"), io);
            auto = AutoBandwidth.parse(c.get("storage_bw"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "constraint: " + e.getMessage());
        }
        List<String> kinds = declared.stream().map(ForeignTaskType.Param::toString).toList();
        int id = types.size();
        String label = module + "." + function;
        TaskDefinition def = new TaskDefinition(id, label, module, function, kinds, false, "void", request, priority, io,
                auto, policy, timeOutMs, List.of(implementation.apply(request)));
        types.add(new ForeignTaskType(def, List.copyOf(declared), returns, program));
        return id;
    }

    synchronized ForeignTaskType get(int id) {
        if (id < 0 || id >= types.size()) {
            throw new IllegalArgumentException("no task type " + id + " (" + types.size() + " defined)");
        }
        return types.get(id);
    }

    /** "IN VALUE", "INOUT OBJECT", "OUT FILE", "IN STREAM" (also FILE_IN, FILE_OUT, FILE_INOUT, STREAM_IN, STREAM_OUT). */
    private static ForeignTaskType.Param param(String where, String spec, String language) {
        String s = spec == null ? "" : spec.strip().toUpperCase(Locale.ROOT);
        if (s.startsWith("FILE_")) {
            s = s.substring(5) + " FILE";
        } else if (s.startsWith("STREAM_")) {
            s = s.substring(7) + " STREAM";
        }
        String[] words = s.split("\\s+");
        Direction dir;
        ForeignTaskType.Kind kind;
        try {
            if (words.length != 2) {
                throw new IllegalArgumentException();
            }
            dir = Direction.valueOf(words[0]);
            kind = ForeignTaskType.Kind.valueOf(words[1]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "'" + spec + "': expected a direction (IN, OUT, INOUT) and a"
                    + " kind (VALUE, OBJECT, FILE, COLLECTION, STREAM), e.g. 'INOUT OBJECT'");
        }
        if (dir != Direction.IN && dir != Direction.OUT && dir != Direction.INOUT) {
            throw new IllegalArgumentException(where + "'" + spec + "': direction " + dir + " is not supported"
                    + " for foreign tasks (IN, OUT, INOUT)");
        }
        if (kind == ForeignTaskType.Kind.VALUE && dir != Direction.IN) {
            throw new IllegalArgumentException(where + "'" + spec + "': a VALUE is IN only (use an OBJECT)");
        }
        if (kind == ForeignTaskType.Kind.OBJECT && dir == Direction.OUT && ForeignCall.PYTHON.equals(language)) {
            throw new IllegalArgumentException(where + "'" + spec + "': a Python task cannot rebind its argument;"
                    + " give the value as a return, or pass the object INOUT");
        }
        if (kind == ForeignTaskType.Kind.STREAM && dir == Direction.INOUT) {
            throw new IllegalArgumentException(where + "'" + spec + "': a task reads a stream (IN) or writes it (OUT),"
                    + " not both");
        }
        if (kind == ForeignTaskType.Kind.COLLECTION && ForeignCall.C.equals(language)) {
            throw new IllegalArgumentException(where + "'" + spec + "': C tasks take no collections (the IDL has none)");
        }
        if (kind == ForeignTaskType.Kind.COLLECTION && dir == Direction.OUT) {
            throw new IllegalArgumentException(where + "'" + spec + "': a task changes the elements of a collection"
                    + " in place: pass it INOUT");
        }
        return new ForeignTaskType.Param(dir, kind);
    }

    /**
     * A C task's worker library (libAPP-worker.so), absolute (a relative path is the main
     * program's directory's): it must be a readable file here at definition, so that a wrong path
     * is one line before any task runs. Workers load it at the same path (the rule of the class
     * path: same path on every node, or a shared file system); whether it has the function is
     * known when a worker has loaded it (the task then fails with the library's functions named).
     */
    private static String workerLibrary(String where, String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException(where + "no worker library: give the path of the libAPP-worker.so"
                    + " braid-c-buildapp built as the location");
        }
        java.nio.file.Path lib = java.nio.file.Path.of(location.strip()).toAbsolutePath().normalize();
        if (!java.nio.file.Files.isRegularFile(lib) || !java.nio.file.Files.isReadable(lib)) {
            throw new IllegalArgumentException(where + "worker library " + lib + ": " + (java.nio.file.Files.exists(lib)
                    ? "not a readable file" : "no such file") + " (the libAPP-worker.so braid-c-buildapp built)");
        }
        return lib.toString();
    }

    private static Map<String, String> constraints(String where, String[] entries) {
        Map<String, String> out = new HashMap<>();
        for (String e : entries == null ? new String[0] : entries) {
            int eq = e == null ? -1 : e.indexOf('=');
            String key = eq < 0 ? String.valueOf(e) : e.substring(0, eq).strip();
            if (eq < 0 || !CONSTRAINTS.contains(key)) {
                throw new IllegalArgumentException(where + "constraint '" + e + "': expected key=value with a key of "
                        + new java.util.TreeSet<>(CONSTRAINTS));
            }
            out.put(key, e.substring(eq + 1).strip());
        }
        return out;
    }
}
