package io.braid.worker.execution;

import io.braid.comm.message.JobParam;
import io.braid.streams.BackendException;
import io.braid.streams.DistroStream;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The stream handles of one job: a STREAM IN handle may only poll, a STREAM OUT handle may only
 * publish and close, as the writer the master registered for the task. When the task returns,
 * its writers close (closing twice is harmless, so a task may close them itself) and its readers
 * leave, so what they did not take goes to the stream's other readers.
 */
final class TaskStreams {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TaskStreams.class);
    private final List<DistroStream<?>> written = new ArrayList<>(1);
    private final List<DistroStream<?>> read = new ArrayList<>(1);

    /** The handle for parameter {@code p} (kind STREAM), restricted to what the task declared. */
    DistroStream<?> open(JobParam p) throws IOException {
        DistroStream<?> handle = deserialise(p.value());
        if (p.outData() != null) {
            StreamHandles.restrict(handle, StreamAccess.WRITE_ONLY);
            StreamHandles.bindWriter(handle, p.outData());
            written.add(handle);
        } else {
            StreamHandles.restrict(handle, StreamAccess.READ_ONLY);
            read.add(handle);
        }
        StreamHandles.prepare(handle);
        return handle;
    }

    /** The task returned: its writers close their streams, its readers leave. */
    void taskReturned() throws BackendException {
        releaseReaders();
        for (DistroStream<?> s : written) {
            StreamHandles.close(s);
        }
    }

    /**
     * The task threw: readers leave, writers stay open (a retry writes as the same writer; if the
     * task fails for good the master closes them) but what they published is stored first, so the
     * stream's record count is final before the master can close it. Returns whether any of the
     * task's handles published or took an element (then the task must not run again).
     */
    boolean taskFailed() {
        releaseReaders();
        for (DistroStream<?> s : written) {
            try {
                StreamHandles.flush(s);
            } catch (BackendException e) {
                LOG.warn("stream {}: what the failed task published could not all be stored: {}", s.getId(),
                        e.getMessage());
            }
        }
        return exchanged(written) || exchanged(read);
    }

    private static boolean exchanged(List<DistroStream<?>> handles) {
        return handles.stream().anyMatch(StreamHandles::exchanged);
    }

    private void releaseReaders() {
        for (DistroStream<?> s : read) {
            StreamHandles.closeReader(s);
        }
    }

    private static DistroStream<?> deserialise(String base64) throws IOException {
        byte[] bytes = Base64.getDecoder().decode(base64);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            Object o = in.readObject();
            if (o instanceof DistroStream<?> s) {
                return s;
            }
            throw new IOException("a stream parameter holds a " + o.getClass().getName() + ", not a DistroStream");
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot read a stream parameter: " + e.getMessage(), e);
        }
    }
}
