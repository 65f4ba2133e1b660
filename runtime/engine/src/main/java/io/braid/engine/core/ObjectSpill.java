package io.braid.engine.core;

import io.braid.comm.transport.VersionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Keeps the master's large object versions (what the main program passed to tasks) in files
 * instead of the heap: they stay on the master for the whole run (a task may be run again, a
 * lost version regenerated), so in memory they add up with the run's length (the heap that a long
 * run of large objects exhausted was mostly the launcher's object table, now weak; this keeps the
 * versions themselves off the heap too). A version is stored in memory at once, then
 * written to {@code dir} by a background thread and served from the file from then on; the
 * directory is deleted when the master closes. Smaller versions stay in memory.
 */
final class ObjectSpill implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectSpill.class);

    private final Path dir;
    private final int minBytes;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "master-object-spill");
        t.setDaemon(true);
        return t;
    });

    /** Told once, in one line, when versions start staying in memory (the run goes on; its heap fills faster). */
    private final Consumer<String> warnings;
    private final AtomicBoolean warned = new AtomicBoolean();

    ObjectSpill(Path dir, int minBytes) {
        this(dir, minBytes, line -> { });
    }

    ObjectSpill(Path dir, int minBytes, Consumer<String> warnings) {
        this.dir = dir;
        this.minBytes = minBytes;
        this.warnings = warnings;
    }

    /** Stores the version in {@code store}: in memory now, in a file soon if it is large. */
    void keep(VersionStore store, String name, byte[] bytes) {
        store.putObject(name, bytes);
        if (bytes.length < minBytes) {
            return;
        }
        writer.execute(() -> {
            try {
                Files.createDirectories(dir);
                Path file = dir.resolve(name);
                Files.write(file, bytes);
                store.moveObjectToFile(name, file);
            } catch (IOException | UncheckedIOException e) {
                LOG.warn("object {} ({} bytes) stays in memory: cannot write it to {}: {}", name, bytes.length, dir,
                        e.toString());
                if (warned.compareAndSet(false, true)) {
                    warnings.accept("large objects passed to tasks stay in the master's memory: cannot write them to "
                            + dir + ": " + e.getMessage() + " (runtime.log names each)");
                }
            }
        });
    }

    /** Waits for pending writes (bounded) and deletes the directory. */
    @Override
    public void close() {
        writer.shutdown();
        try {
            writer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warn("could not delete {}: {}", dir, e.toString());
        }
    }
}
