package io.braid.launcher.run;

import io.braid.comm.launch.OwnedTempDirs;
import io.braid.comm.settings.SettingSource;
import io.braid.launcher.options.UsageException;
import io.braid.worker.WorkerSettings;
import io.braid.worker.execution.python.BundledPythonPackage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code braid-run [options] app.py [args]}: the Python interpreter ({@code BRAID_PYTHON}, else
 * python3) runs the application as a child process ({@link MainProcess}), and the Braid runtime
 * runs inside that process: the package's native layer over libbraid starts the master with
 * braid-run's options. One master, driven by the Python main program, as for a Java main.
 *
 * <p>The child imports the {@code braid} package its interpreter has installed, else the copy
 * packed in braid.jar (put last on its path), so that a plain {@code python3} runs applications too.
 * {@code BRAID_PYTHON} goes to the child as an absolute path: its workers' Python processes, started
 * from other directories, run the same interpreter (the application's venv).
 */
public final class PythonMainRun {
    /** {@code python -c BOOTSTRAP <bundled package dir> app.py args...}. */
    private static final String BOOTSTRAP = "import sys; sys.path.append(sys.argv.pop(1)); "
            + "from braid._runtime.launch import main; sys.exit(main(sys.argv[1:]))";

    private final List<String> optionWords;
    private final String app;
    private final List<String> appArgs;
    private final String braidJar;

    /**
     * @param optionWords braid-run's options as given (the words before the application)
     * @param braidJar    the braid.jar this braid-run runs, which the child's libbraid starts too
     * @throws UsageException when {@code app} is not a file
     */
    public PythonMainRun(List<String> optionWords, String app, List<String> appArgs, String braidJar) {
        if (!Files.isRegularFile(Path.of(app))) {
            throw new UsageException(app + ": no such Python file");
        }
        this.optionWords = List.copyOf(optionWords);
        this.app = app;
        this.appArgs = List.copyOf(appArgs);
        this.braidJar = braidJar;
    }

    /** Runs the application and returns its exit status. */
    public int run() throws IOException, InterruptedException {
        String python = WorkerSettings.PYTHON_INTERPRETER.get(SettingSource.system());
        if (python.contains("/")) {
            python = Path.of(python).toAbsolutePath().toString();
        }
        Path bundle = OwnedTempDirs.create("braid-python-"); // a killed braid-run's copy goes with the next run
        try {
            BundledPythonPackage.extractTo(bundle);
            List<String> command = new ArrayList<>(List.of(python, "-c", BOOTSTRAP, bundle.toString(), app));
            command.addAll(appArgs);
            try {
                return MainProcess.run(command, optionWords, braidJar,
                        Map.of(WorkerSettings.PYTHON_INTERPRETER.environment(), python), () -> OwnedTempDirs.delete(bundle));
            } catch (IOException e) {
                throw new UsageException(WorkerSettings.PYTHON_INTERPRETER.environment() + "=" + python
                        + ": cannot start the Python interpreter (" + e.getMessage() + ")");
            }
        } finally {
            OwnedTempDirs.delete(bundle);
        }
    }
}
