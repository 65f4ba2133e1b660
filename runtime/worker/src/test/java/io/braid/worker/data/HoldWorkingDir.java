package io.braid.worker.data;

import java.nio.file.Path;

/**
 * A stand-in for a live worker process (WorkerDataStoreTest): claims the working directory
 * {@code args[0]} as a starting worker does, prints what it removed, and holds the directory
 * until its standard input ends.
 */
public final class HoldWorkingDir {
    private HoldWorkingDir() {
    }

    public static void main(String[] args) throws Exception {
        int removed = new WorkerDataStore(Path.of(args[0])).claimAndRemoveLeftovers();
        System.out.println("claimed " + removed);
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold until the test closes our input
        }
    }
}
