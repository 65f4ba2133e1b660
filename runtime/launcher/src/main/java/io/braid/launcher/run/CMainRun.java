package io.braid.launcher.run;

import io.braid.launcher.options.UsageException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code braid-run --lang=c [options] ./app [args]}: the C (or C++) program, built by
 * braid-c-buildapp, runs as a child process ({@link MainProcess}); its {@code braid_on()} starts
 * the runtime in it with braid-run's options, and its task stubs name its worker library
 * (libAPP-worker.so beside it, or {@code BRAID_C_WORKER_LIBRARY}).
 */
public final class CMainRun {
    private static final byte[] ELF = {0x7f, 'E', 'L', 'F'};

    private final List<String> optionWords;
    private final Path program;
    private final List<String> appArgs;
    private final String braidJar;

    /**
     * @param optionWords braid-run's options as given (the words before the application)
     * @throws UsageException when {@code app} is not an executable file
     */
    public CMainRun(List<String> optionWords, String app, List<String> appArgs, String braidJar) {
        Path p = Path.of(app).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new UsageException(app + ": no such C program (the executable braid-c-buildapp --build makes)");
        }
        if (!Files.isExecutable(p)) {
            throw new UsageException(app + ": not executable (the C program braid-c-buildapp --build makes)");
        }
        this.optionWords = List.copyOf(optionWords);
        this.program = p;
        this.appArgs = List.copyOf(appArgs);
        this.braidJar = braidJar;
    }

    /**
     * Whether {@code app} names a native program (an ELF executable file), for braid-run without
     * {@code --lang}: a Java main class is not a path to such a file, so the guess is never wrong
     * for Java applications.
     */
    public static boolean isNativeProgram(String app) {
        if (app.endsWith(".py") || !app.contains("/")) { // a class name has no '/'; ./app does
            return false;
        }
        Path p = Path.of(app);
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(p)) {
            return Arrays.equals(in.readNBytes(ELF.length), ELF);
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs the program and returns its exit status. */
    public int run() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(appArgs);
        try {
            return MainProcess.run(command, optionWords, braidJar, Map.of());
        } catch (IOException e) {
            throw new UsageException(program + ": cannot start it (" + e.getMessage() + ")");
        }
    }
}
