package io.braid.launcher.streams;

import io.braid.api.Direction;
import io.braid.engine.task.StreamParam;
import io.braid.engine.task.SubmittedParam;
import io.braid.streams.BackendException;
import io.braid.streams.DistroStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.Base64;

/**
 * Turns a stream handle passed to a task into its submitted parameter: the handle travels
 * serialised (it is only metadata), and a STREAM OUT parameter registers the task as one of the
 * stream's writers right away, so the stream stays open until the task has closed it.
 */
public final class StreamArguments {

    private StreamArguments() {
    }

    /** The writer id of the {@code index}-th parameter of task {@code taskId}. */
    public static String writerId(long taskId, int index) {
        return "task-" + taskId + "." + index;
    }

    /**
     * @throws IllegalArgumentException for a null or foreign handle
     * @throws IllegalStateException    when the stream server refuses the writer (e.g. the stream is closed)
     */
    public static SubmittedParam toParam(Object value, Direction direction, String javaType, long taskId, int index,
                                         String taskLabel) {
        if (!(value instanceof DistroStream<?> stream)) {
            throw new IllegalArgumentException("task " + taskLabel + ": stream parameter " + (index + 1) + " is "
                    + (value == null ? "null" : "a " + value.getClass().getName() + ", not a DistroStream"));
        }
        boolean writes = direction == Direction.OUT;
        StreamParam p = new StreamParam(stream.getId(), writes, writes ? writerId(taskId, index) : null);
        if (writes) {
            try {
                StreamHosting.registerWriter(p);
            } catch (BackendException e) {
                throw new IllegalStateException("task " + taskLabel + " cannot write stream " + describe(stream) + ": "
                        + e.getMessage(), e);
            }
        }
        return SubmittedParam.stream(javaType, serialise(stream), p, describe(stream));
    }

    private static String describe(DistroStream<?> s) {
        return s.getAlias() == null ? s.getId() : s.getId() + " ('" + s.getAlias() + "')";
    }

    private static String serialise(DistroStream<?> stream) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(stream);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise stream handle " + describe(stream) + ": " + e, e);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }
}
