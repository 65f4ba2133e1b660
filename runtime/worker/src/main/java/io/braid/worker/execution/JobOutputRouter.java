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
        // The files' paths are made on the first print: most tasks print nothing.
        current.set(new LazyFile[] {new LazyFile(jobsDir, jobId, label, ".out"), new LazyFile(jobsDir, jobId, label, ".err")});
    }

    /**
     * Closes this thread's job files. Returns what could not be written (file and why), or null:
     * a print that cannot reach its file is not dropped silently (PrintStream would swallow the
     * error), the job fails with it instead.
     */
    public String end() {
        LazyFile[] files = current.get();
        current.remove();
        if (files == null) {
            return null;
        }
        files[0].close();
        files[1].close();
        return files[0].failure != null ? files[0].failure : files[1].failure;
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
        private final Path jobsDir;
        private final long jobId;
        private final String label;
        private final String suffix;
        private Path path;
        private OutputStream out;
        /** The first write or close that failed (file: why), or null. */
        private String failure;

        LazyFile(Path jobsDir, long jobId, String label, String suffix) {
            this.jobsDir = jobsDir;
            this.jobId = jobId;
            this.label = label;
            this.suffix = suffix;
        }

        void write(byte[] b, int off, int len) {
            if (failure != null) {
                return;
            }
            if (path == null) {
                path = jobsDir.resolve("job" + jobId + "_" + label + suffix);
            }
            try {
                if (out == null) {
                    path.getParent().toFile().mkdirs();
                    out = new FileOutputStream(path.toFile(), true);
                }
                out.write(b, off, len);
            } catch (IOException e) {
                failure = path + ": " + e.getMessage();
            }
        }

        void close() {
            if (out != null) {
                try {
                    out.close();
                } catch (IOException e) {
                    if (failure == null) {
                        failure = path + ": " + e.getMessage();
                    }
                }
            }
        }
    }
}
