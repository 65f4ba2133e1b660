package io.braid.worker.execution.python;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A request to run {@code module.function} (or {@code Class.method}, self first) with its
 * arguments. {@code returns}: how many values the task returns; {@code returnPaths}: files the
 * returned pickles are written to (missing ones come back inline); {@code timeOutSeconds} 0: the
 * task's declared time_out; {@code stdout}/{@code stderr}: files the task's output is appended
 * to (null: the process's stderr log); {@code workingDir} null: the process's; {@code sysPath}:
 * directories put first on the process's sys.path before the module is imported.
 */
public record PythonTaskCall(long id, String module, String function, List<PythonArg> args, int returns,
        List<String> returnPaths, double timeOutSeconds, String stdout, String stderr, String workingDir,
        List<String> sysPath) {

    public PythonTaskCall {
        args = List.copyOf(args);
        returnPaths = List.copyOf(returnPaths);
        sysPath = sysPath == null ? List.of() : List.copyOf(sysPath);
    }

    /** A call without sys.path entries of its own. */
    public PythonTaskCall(long id, String module, String function, List<PythonArg> args, int returns,
            List<String> returnPaths, double timeOutSeconds, String stdout, String stderr, String workingDir) {
        this(id, module, function, args, returns, returnPaths, timeOutSeconds, stdout, stderr, workingDir, List.of());
    }

    /** A call with no return files, time-out, redirections or working directory of its own. */
    public static PythonTaskCall of(long id, String module, String function, List<PythonArg> args, int returns) {
        return new PythonTaskCall(id, module, function, args, returns, List.of(), 0, null, null, null);
    }

    ObjectNode toJson(List<byte[]> blobs) {
        ObjectNode n = PythonFrames.JSON.createObjectNode().put("type", "task").put("id", id).put("module", module)
                .put("function", function).put("returns", returns);
        ArrayNode array = n.putArray("args");
        for (PythonArg a : args) {
            array.add(a.toJson(blobs));
        }
        if (!returnPaths.isEmpty()) {
            ArrayNode paths = n.putArray("return_paths");
            returnPaths.forEach(paths::add);
        }
        if (timeOutSeconds > 0) {
            n.put("time_out", timeOutSeconds);
        }
        putIfSet(n, "stdout", stdout);
        putIfSet(n, "stderr", stderr);
        putIfSet(n, "cwd", workingDir);
        if (!sysPath.isEmpty()) {
            ArrayNode path = n.putArray("sys_path");
            sysPath.forEach(path::add);
        }
        return n;
    }

    private static void putIfSet(ObjectNode n, String key, String value) {
        if (value != null) {
            n.put(key, value);
        }
    }
}
