package io.braid.worker.execution.python;

import java.nio.file.Path;
import java.util.List;

/**
 * How Python worker processes start: the interpreter command (e.g. {@code [python3]}, or the
 * application's venv interpreter: runcompss' --python_interpreter), the directories put first on
 * their sys.path (the application's), extra PYTHONPATH entries (where the braid package is, when
 * it is not installed in the interpreter), the folder of their stderr logs, and where large
 * objects go: the directory the processes write a returned or updated object to when its pickle
 * reaches {@code objectFileThreshold} bytes (null: every object inline).
 */
public record PythonSettings(List<String> interpreter, List<Path> appPath, List<Path> pythonPath, Path logDir,
        Path objectDir, long objectFileThreshold) {
    /** Settings whose processes give every object back inline. */
    public PythonSettings(List<String> interpreter, List<Path> appPath, List<Path> pythonPath, Path logDir) {
        this(interpreter, appPath, pythonPath, logDir, null, 0);
    }

    public PythonSettings {
        if (interpreter.isEmpty()) {
            throw new IllegalArgumentException("the Python interpreter command is empty");
        }
        interpreter = List.copyOf(interpreter);
        appPath = List.copyOf(appPath);
        pythonPath = List.copyOf(pythonPath);
    }
}
