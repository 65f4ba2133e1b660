package io.braid.launcher.run;

import io.braid.launcher.LauncherSettings;
import io.braid.worker.execution.taskprocess.ProcessEnd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A main program that braid-run runs as a child process which starts the runtime itself (libbraid's
 * braid_on, in a C or Python main): braid-run's options go to it in {@code BRAID_RUN_OPTIONS}, the
 * braid.jar and Java of this braid-run in {@code BRAID_JAR} and {@code JAVA_HOME} (so the child's
 * runtime is the same), and braid-run's pid in {@code BRAID_RUN_PARENT} (braid_on asks Linux to
 * end the child when braid-run dies, even by SIGKILL). Its stdout, stderr and exit status are
 * braid-run's; braid-run stopped by a signal stops it (SIGTERM, so its runtime stops the workers;
 * SIGKILL after 10 s).
 */
public final class MainProcess {
    private MainProcess() {
    }

    /**
     * Runs {@code command} and returns its exit status. {@code env}: more variables for it.
     *
     * @throws IOException when it cannot be started (the caller names what it is)
     */
    public static int run(List<String> command, List<String> optionWords, String braidJar, Map<String, String> env)
            throws IOException, InterruptedException {
        return run(command, optionWords, braidJar, env, () -> {
        });
    }

    /**
     * As {@link #run(List, List, String, Map)}; {@code afterChild} runs once the child has ended,
     * also when braid-run stops on a signal (SIGTERM, Ctrl-C: its shutdown hook, where the caller's
     * {@code finally} would not run), e.g. to delete what was made for the child.
     */
    public static int run(List<String> command, List<String> optionWords, String braidJar, Map<String, String> env,
                          Runnable afterChild) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        Map<String, String> childEnv = pb.environment();
        childEnv.put(LauncherSettings.RUN_OPTIONS.environment(), shellWords(optionWords));
        childEnv.put(LauncherSettings.JAR.environment(), braidJar);
        childEnv.put(LauncherSettings.RUN_PARENT.environment(), Long.toString(ProcessHandle.current().pid()));
        if (!childEnv.containsKey("JAVA_HOME")) {
            javaHome().ifPresent(home -> childEnv.put("JAVA_HOME", home));
        }
        childEnv.putAll(env);
        Process child = pb.start();
        Runnable after = once(afterChild);
        Thread stop = new Thread(() -> {
            stop(child);
            after.run();
        }, "braid-main-process-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        int status = child.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(stop);
        } catch (IllegalStateException e) {
            // braid-run is stopping on a signal: the hook stops the child (already ended)
        }
        after.run();
        return status;
    }

    /**
     * {@code action} run at most once by whichever thread comes first: on a signal the shutdown
     * hook and the thread that saw the child end both get here, and a second caller waits until
     * the first is done (so the JVM does not halt in the middle of it).
     */
    private static Runnable once(Runnable action) {
        boolean[] done = {false};
        return () -> {
            synchronized (done) {
                if (!done[0]) {
                    done[0] = true;
                    action.run();
                }
            }
        };
    }

    /** braid-run is stopping on a signal: SIGTERM first (the child's runtime stops its workers), then SIGKILL. */
    private static void stop(Process child) {
        child.destroy();
        ProcessEnd.exitValue(child, 10);
    }

    /** The words as one string {@code OptionWords.split} gives back unchanged: each single-quoted. */
    public static String shellWords(List<String> words) {
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
    private static Optional<String> javaHome() {
        return ProcessHandle.current().info().command().map(Path::of).filter(c -> c.getNameCount() >= 2)
                .map(c -> c.getParent().getParent().toString());
    }
}
