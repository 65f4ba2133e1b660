package io.braid.worker.execution.python;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a Python task gave: its returned values and updated OUT/INOUT objects (each a pickle
 * inline or the path it was written to), or its Python exception with the traceback.
 */
public record PythonTaskResult(boolean ok, List<Output> returns, List<Updated> updated, String errorType,
        String message, String traceback, boolean timedOut) {

    /** A pickled value: {@code pickle} inline, or written to {@code path}. */
    public record Output(byte[] pickle, String path) {
    }

    /** The new value of argument {@code arg} (an index, or a keyword name), {@code item} inside a collection. */
    public record Updated(String arg, List<Integer> item, Output value) {
    }

    /** Deletes the files the process wrote this result's values to (the result is not kept: nobody's). */
    void deleteWritten() {
        List<Output> outputs = new ArrayList<>(returns);
        updated.forEach(u -> outputs.add(u.value()));
        for (Output o : outputs) {
            if (o.path() != null) {
                try {
                    Files.deleteIfExists(Path.of(o.path()));
                } catch (IOException ignored) {
                    // left in the working directory, which goes with the run
                }
            }
        }
    }

    static PythonTaskResult of(PythonFrames.Message reply) {
        JsonNode h = reply.header();
        if (!"ok".equals(h.path("status").asText())) {
            return new PythonTaskResult(false, List.of(), List.of(), h.path("error_type").asText(),
                    h.path("message").asText(), h.path("traceback").asText(), h.path("timed_out").asBoolean());
        }
        List<Output> returns = new ArrayList<>();
        for (JsonNode r : h.path("returns")) {
            returns.add(output(r, reply.blobs()));
        }
        List<Updated> updated = new ArrayList<>();
        for (JsonNode u : h.path("updated")) {
            List<Integer> item = new ArrayList<>();
            u.path("item").forEach(i -> item.add(i.asInt()));
            updated.add(new Updated(u.path("arg").asText(), List.copyOf(item), output(u, reply.blobs())));
        }
        return new PythonTaskResult(true, List.copyOf(returns), List.copyOf(updated), null, null, null, false);
    }

    private static Output output(JsonNode n, List<byte[]> blobs) {
        return n.has("blob") ? new Output(blobs.get(n.get("blob").asInt()), null) : new Output(null, n.path("path").asText());
    }
}
