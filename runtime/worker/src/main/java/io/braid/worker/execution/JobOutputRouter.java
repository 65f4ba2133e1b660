package io.braid.worker.execution;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Sends what a task prints to its own file under the jobs directory ({@code job<id>.out/.err}),
 * created only when the task prints something; output from other threads goes to the worker's
 * own stdout/stderr (its log).
 */
public final class JobOutputRouter {
    private final Path jobsDir;
    private final ThreadLocal<LazyFile[]> current = new ThreadLocal<>();

    private JobOutputRouter(Path jobsDir) {
        this.jobsDir = jobsDir;
    }

    /** Replaces System.out and System.err with routing streams. */
    public static JobOutputRouter install(Path jobsDir) {
        JobOutputRouter router = new JobOutputRouter(jobsDir);
        System.setOut(new PrintStream(router.new Routing(System.out, 0), true));
        System.setErr(new PrintStream(router.new Routing(System.err, 1), true));
        return router;
    }

    public void begin(long jobId, String label) {
        String base = "job" + jobId + "_" + label;
        current.set(new LazyFile[] {new LazyFile(jobsDir.resolve(base + ".out")), new LazyFile(jobsDir.resolve(base + ".err"))});
    }

    public void end() {
        LazyFile[] files = current.get();
        current.remove();
        if (files != null) {
            files[0].close();
            files[1].close();
        }
    }

    private final class Routing extends OutputStream {
        private final PrintStream fallback;
        private final int index;

        Routing(PrintStream fallback, int index) {
            this.fallback = fallback;
            this.index = index;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            LazyFile[] files = current.get();
            if (files == null) {
                fallback.write(b, off, len);
            } else {
                files[index].write(b, off, len);
            }
        }

        @Override
        public void flush() {
            LazyFile[] files = current.get();
            if (files == null) {
                fallback.flush();
            }
        }
    }

    private static final class LazyFile {
        private final Path path;
        private OutputStream out;

        LazyFile(Path path) {
            this.path = path;
        }

        void write(byte[] b, int off, int len) throws IOException {
            if (out == null) {
                path.getParent().toFile().mkdirs();
                out = new FileOutputStream(path.toFile(), true);
            }
            out.write(b, off, len);
        }

        void close() {
            if (out != null) {
                try {
                    out.close();
                } catch (IOException ignored) {
                    // the job's output file is best effort
                }
            }
        }
    }
}
