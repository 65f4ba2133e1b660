package compssstreams;

import io.braid.streams.BackendException;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.util.LinkedList;
import java.util.List;

/** Task implementations written against COMPSs' stream API. */
public class Tasks {

    private static final long POLL_TIMEOUT = 100; // ms

    public static void writeObjects(ObjectDistroStream<MyObject> ods, int numObjects) throws BackendException {
        for (int i = 0; i < numObjects; ++i) {
            ods.publish(new MyObject("object" + i, i));
        }
        finish(ods);
    }

    public static void writeObjectList(ObjectDistroStream<MyObject> ods, int numObjects) throws BackendException {
        List<MyObject> batch = new LinkedList<>();
        for (int i = 0; i < numObjects; ++i) {
            batch.add(new MyObject("listed" + i, i));
        }
        ods.publish(batch);
        finish(ods);
    }

    public static Integer readObjects(ObjectDistroStream<MyObject> ods) throws BackendException {
        int total = 0;
        while (!ods.isClosed()) {
            total += ods.poll(POLL_TIMEOUT).size();
        }
        // Although the stream is closed, there can still be pending objects
        total += ods.poll().size();
        return total;
    }

    public static Integer readObjectsTimeout(ObjectDistroStream<MyObject> ods, long timeout) throws BackendException {
        int total = 0;
        while (!ods.isClosed()) {
            for (MyObject o : ods.poll(timeout)) {
                if (o.getName() != null) {
                    total++;
                }
            }
        }
        total += ods.poll().size();
        return total;
    }

    public static void writeFiles(FileDistroStream fds, int numFiles) throws FileNotFoundException, BackendException {
        for (int i = 0; i < numFiles; ++i) {
            File f = new File(fds.getBaseDir(), "file" + i);
            try (PrintWriter writer = new PrintWriter(f)) {
                writer.println("line " + i);
            }
            // Not needed (files written into the base directory are published), but COMPSs code calls it
            if (i == 0) {
                fds.publish(f.getAbsolutePath());
            } else if (i == 1) {
                List<String> written = new LinkedList<>();
                written.add(f.getAbsolutePath());
                fds.publish(written);
            }
        }
        finish(fds);
    }

    public static Integer readFiles(FileDistroStream fds) throws BackendException {
        int total = 0;
        while (!fds.isClosed()) {
            total += fds.poll(POLL_TIMEOUT).size();
        }
        total += fds.poll().size();
        return total;
    }

    /** COMPSs' close() declares no checked exception: this method declares none either. */
    private static void finish(DistroStream<?> ds) {
        ds.close();
    }
}
