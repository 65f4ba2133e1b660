package io.braid.worker.data;

import io.braid.comm.message.JobParam;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The FILE parameters of one job: the paths its task is handed, and the versions they become.
 *
 * <p>As in COMPSs, a task sees each file under the name the main program gave it ({@code
 * counter}, not the version's {@code d1v2_counter}), in the job's own sandbox directory, so two
 * jobs reading or writing different versions of one file at once never meet. An input is a link
 * there to its version ({@link SandboxLinks}); an output the task creates there is moved onto the
 * new version's file when the task has returned ({@link #commit}). {@code keepRename} hands the
 * version's own path instead, as before. An input the task only reads and whose file already has
 * the original name (the main program's file on a shared disk) is read in place, as COMPSs does.
 *
 * <p>One instance per job, used by its executor thread only; {@link #close} removes the sandbox.
 */
public final class TaskFiles implements AutoCloseable {
    private final WorkerDataStore store;
    private final InputResolver inputs;
    private final long jobId;
    private final List<Bound> bound = new ArrayList<>(2);
    private final Set<String> committed = new HashSet<>(2);
    private Path sandbox;

    public TaskFiles(WorkerDataStore store, InputResolver inputs, long jobId) {
        this.store = store;
        this.inputs = inputs;
        this.jobId = jobId;
    }

    /** Brings the parameter's input version here and returns the path its task gets. */
    public String path(JobParam p) throws IOException {
        String name = originalName(p);
        if (p.outData() == null) {
            Path in = inputs.filePath(p.inData(), p.fileName(), p.sources()).toAbsolutePath();
            if (p.keepRename() || in.getFileName().toString().equals(name)) {
                return in.toString();
            }
            Path entry = entryFor(name);
            SandboxLinks.link(entry, in);
            return entry.toString();
        }
        Path version = store.filePathFor(p.outData(), p.fileName()).toAbsolutePath();
        Path entry = p.keepRename() ? version : entryFor(name);
        bound.add(new Bound(p.outData(), entry, version)); // from here on, a job that fails deletes the version
        if (p.inData() == null) {
            Files.deleteIfExists(version);
            return entry.toString();
        }
        Path in = inputs.filePath(p.inData(), p.fileName(), p.sources());
        Files.copy(in, version, StandardCopyOption.REPLACE_EXISTING); // the input version stays for other readers
        if (!entry.equals(version)) {
            SandboxLinks.link(entry, version); // the task writes the new version in place through the link
        }
        return entry.toString();
    }

    /**
     * After the task returned: the file it left for OUT/INOUT parameter {@code p} becomes the new
     * version. A file it wrote through the link already is it; one it created or put in the link's
     * place is moved onto the version's file. Returns the version's file.
     */
    public Path commit(JobParam p) throws IOException {
        for (Bound b : bound) {
            if (b.dataName().equals(p.outData())) {
                if (!Files.exists(b.entry())) {
                    throw new IOException("task did not create its output file " + p.fileName() + " (expected at "
                            + b.entry() + ")");
                }
                if (!b.entry().equals(b.version())
                        && (!Files.exists(b.version()) || !Files.isSameFile(b.entry(), b.version()))) {
                    SandboxLinks.moveOnto(b.entry(), b.version());
                }
                committed.add(b.dataName());
                return b.version();
            }
        }
        throw new IllegalStateException("no output file prepared for " + p.outData());
    }

    /**
     * Removes the job's sandbox (links and what the task left there; never what a link points
     * to). Output versions prepared for the job but not committed (the task failed) are deleted
     * too: no one will read them.
     */
    @Override
    public void close() {
        for (Bound b : bound) {
            if (!committed.contains(b.dataName())) {
                try {
                    Files.deleteIfExists(b.version());
                } catch (IOException ignored) {
                    // a stray file in the working directory is harmless
                }
            }
        }
        if (sandbox != null) {
            SandboxLinks.deleteTree(sandbox);
        }
    }

    /**
     * The job's sandbox directory, made now if no parameter needed it yet: where a task that runs
     * as its own process (a binary) can be started, beside its files, as COMPSs does.
     */
    public Path directory() throws IOException {
        if (sandbox == null) {
            Path dir = store.sandboxFor(jobId);
            SandboxLinks.deleteTree(dir); // left by an earlier worker process in this directory
            Files.createDirectories(dir);
            sandbox = dir;
        }
        return sandbox;
    }

    /** The job's sandbox, or null while none was made. */
    public Path sandboxIfMade() {
        return sandbox;
    }

    /**
     * Where the task finds a file named {@code name}: in the sandbox, or, when another parameter
     * of the same job took that name already, in a subdirectory of it, so the name stays intact.
     */
    private Path entryFor(String name) throws IOException {
        Path entry = directory().resolve(name);
        for (int i = 2; Files.exists(entry, LinkOption.NOFOLLOW_LINKS) || taken(entry); i++) {
            entry = Files.createDirectories(sandbox.resolve(".p" + i)).resolve(name);
        }
        return entry;
    }

    private boolean taken(Path entry) {
        for (Bound b : bound) {
            if (b.entry().equals(entry)) {
                return true;
            }
        }
        return false;
    }

    private static String originalName(JobParam p) {
        String name = p.fileName();
        if (name == null || name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/")) {
            return "file";
        }
        return name;
    }

    /** An OUT/INOUT parameter: where the task writes it ({@code entry}) and the version file it becomes. */
    private record Bound(String dataName, Path entry, Path version) {
    }
}
