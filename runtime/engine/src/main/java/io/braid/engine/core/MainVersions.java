package io.braid.engine.core;

import io.braid.comm.transport.VersionStore;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.data.DataLocations;
import io.braid.engine.task.SubmittedParam;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The versions the main program hands its tasks (an object's value when it was passed, a file
 * it wrote): kept on the master, in memory or, for large objects when asked, in files
 * ({@link ObjectSpill}), and recorded as held by the master. Core thread only.
 */
final class MainVersions {
    private final TaskAnalyser analyser;
    private final VersionStore masterStore;
    private final DataLocations locations;
    private ObjectSpill spill;

    MainVersions(TaskAnalyser analyser, VersionStore masterStore, DataLocations locations) {
        this.analyser = analyser;
        this.masterStore = masterStore;
        this.locations = locations;
    }

    /** Objects of at least {@code minBytes} go to files under {@code dir} instead of the heap. */
    void spillObjects(Path dir, int minBytes, Consumer<String> warnings) {
        spill = new ObjectSpill(dir, minBytes, warnings);
    }

    /** Deletes the files of {@link #spillObjects}. */
    void closeSpill() {
        if (spill != null) {
            spill.close();
        }
    }

    /** The version {@code read} of parameter {@code p}, if the main program wrote it (or it is a datum's first value), lives on the master. */
    void register(SubmittedParam p, DataVersion read) {
        if (read == null || analyser.writerOf(read) != 0) {
            return;
        }
        String name = read.name();
        if (locations.holders(name).length > 0) {
            return;
        }
        if (p.snapshot() != null) {
            if (spill != null) {
                spill.keep(masterStore, name, p.snapshot());
            } else {
                masterStore.putObject(name, p.snapshot());
            }
            locations.add(name, DataLocations.MASTER, p.snapshot().length);
        } else if (p.file() != null) {
            masterStore.putFile(name, p.file());
            locations.add(name, DataLocations.MASTER, p.file().toFile().length());
        }
    }
}
