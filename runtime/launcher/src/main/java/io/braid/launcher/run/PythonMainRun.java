package io.braid.launcher.run;

import io.braid.comm.settings.SettingSource;
import io.braid.launcher.LauncherSettings;
import io.braid.launcher.options.UsageException;
import io.braid.worker.WorkerSettings;
import io.braid.worker.execution.python.BundledPythonPackage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code braid-run [options] app.py [args]}: the Python interpreter ({@code BRAID_PYTHON}, else
 * python3) runs the application as a child process, and the Braid runtime runs inside that process
 * (the package's native layer over libbraid starts the master with braid-run's options, passed in
 * {@code BRAID_RUN_OPTIONS}): one master, driven by the Python main program, as for a Java main.
 * Its stdout, stderr and exit status are braid-run's; braid-run stopped by a signal stops it, and
 * braid-run killed outright kills it too (the child asks Linux for its parent's death signal).
 *
 * <p>The child imports the {@code braid} package its interpreter has installed, else the copy
 * packed in braid.jar (put last on its path), so that a plain {@code python3} runs applications too.
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
            python = Path.of(python).toAbsolutePath().toString(); // the workers run it from other directories
        }
        Path bundle = Files.createTempDirectory("braid-python-");
        try {
            BundledPythonPackage.extractTo(bundle);
            List<String> command = new ArrayList<>(List.of(python, "-c", BOOTSTRAP, bundle.toString(), app));
            command.addAll(appArgs);
            ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
            Map<String, String> env = pb.environment();
            env.put("BRAID_RUN_OPTIONS", shellWords(optionWords));
            env.put(LauncherSettings.JAR.environment(), braidJar);
            if (!env.containsKey("JAVA_HOME")) {
                javaHome().ifPresent(home -> env.put("JAVA_HOME", home));
            }
            env.put(WorkerSettings.PYTHON_INTERPRETER.environment(), python);
            Process child;
            try {
                child = pb.start();
            } catch (IOException e) {
                throw new UsageException(WorkerSettings.PYTHON_INTERPRETER.environment() + "=" + python
                        + ": cannot start the Python interpreter (" + e.getMessage() + ")");
            }
            Thread stop = new Thread(() -> stop(child), "braid-python-main-stop");
            Runtime.getRuntime().addShutdownHook(stop);
            int status = child.waitFor();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // braid-run is stopping on a signal: the hook stops the child (already ended)
            }
            return status;
        } finally {
            deleteTree(bundle);
        }
    }

    /** braid-run is stopping on a signal: SIGTERM first (the child's runtime stops its workers), then SIGKILL. */
    private static void stop(Process child) {
        child.destroy();
        try {
            if (!child.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        } catch (InterruptedException e) {
            child.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The words as one string {@code OptionWords.split} gives back unchanged: each single-quoted. */
    static String shellWords(List<String> words) {
        StringBuilder out = new StringBuilder();
        for (String w : words) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return out.toString();
    }

    /** The Java of this braid-run, so that the child's libbraid starts the same one. */
    private static java.util.Optional<String> javaHome() {
        return ProcessHandle.current().info().command().map(Path::of).filter(c -> c.getNameCount() >= 2)
                .map(c -> c.getParent().getParent().toString());
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is not worth failing the run for
        }
    }
}
