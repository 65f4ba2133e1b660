package io.braid.worker.execution.python;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One argument of a Python task, as the worker protocol carries it: a pickled object inline or
 * in a file on the node, a basic value, a file or directory path, or a collection of arguments.
 * Directions are IN, OUT, INOUT.
 */
public sealed interface PythonArg {
    /** A pickled object sent inline; an OUT/INOUT one comes back updated in the result. */
    static PythonArg value(byte[] pickle, String direction) {
        return new Value(pickle, direction, null);
    }

    /** A pickled object in a file; OUT/INOUT: the updated object is written to {@code outPath} (null: to {@code path}). */
    static PythonArg objectFile(String path, String direction, String outPath) {
        return new ObjectFile(path, direction, outPath);
    }

    /** A basic value (String, Number, Boolean or null) given as itself. */
    static PythonArg literal(Object value) {
        return new Literal(value);
    }

    /** A FILE_* or DIRECTORY_* parameter: the task gets the path. */
    static PythonArg file(String path, String direction) {
        return new FileArg(path, direction);
    }

    /** A COLLECTION_*: the task gets a list of the items, which take the collection's direction. */
    static PythonArg collection(String direction, List<PythonArg> items) {
        return new Collection(direction, List.copyOf(items));
    }

    /**
     * A STREAM_IN / STREAM_OUT parameter: the task gets a handle that makes its requests to the
     * worker's handle number {@code handle} ({@link PythonStreams}).
     */
    static PythonArg stream(int handle, io.braid.streams.DistroStream<?> stream, String direction) {
        return new StreamArg(handle, stream, direction);
    }

    /** Puts a stream's metadata (id, alias, stream_type, mode, base_dir) into {@code n}. */
    static ObjectNode describe(ObjectNode n, io.braid.streams.DistroStream<?> s) {
        n.put("id", s.getId()).put("alias", s.getAlias()).put("stream_type", s.getStreamType().name())
                .put("mode", s.getConsumerMode().name());
        if (s instanceof io.braid.streams.FileDistroStream f) {
            n.put("base_dir", f.getBaseDir());
        }
        return n;
    }

    /** Writes the argument's JSON form, adding its pickles to {@code blobs}. */
    ObjectNode toJson(List<byte[]> blobs);

    record Value(byte[] pickle, String direction, String outPath) implements PythonArg {
        public ObjectNode toJson(List<byte[]> blobs) {
            blobs.add(pickle);
            ObjectNode n = PythonFrames.JSON.createObjectNode().put("kind", "value").put("blob", blobs.size() - 1)
                    .put("direction", direction);
            return outPath == null ? n : n.put("out_path", outPath);
        }
    }

    record ObjectFile(String path, String direction, String outPath) implements PythonArg {
        public ObjectNode toJson(List<byte[]> blobs) {
            ObjectNode n = PythonFrames.JSON.createObjectNode().put("kind", "object_file").put("path", path)
                    .put("direction", direction);
            return outPath == null ? n : n.put("out_path", outPath);
        }
    }

    record Literal(Object value) implements PythonArg {
        public ObjectNode toJson(List<byte[]> blobs) {
            ObjectNode n = PythonFrames.JSON.createObjectNode().put("kind", "literal");
            n.set("value", PythonFrames.JSON.valueToTree(value));
            return n;
        }
    }

    record FileArg(String path, String direction) implements PythonArg {
        public ObjectNode toJson(List<byte[]> blobs) {
            return PythonFrames.JSON.createObjectNode().put("kind", "file").put("path", path).put("direction", direction);
        }
    }

    record Collection(String direction, List<PythonArg> items) implements PythonArg {
        public ObjectNode toJson(List<byte[]> blobs) {
            ObjectNode n = PythonFrames.JSON.createObjectNode().put("kind", "collection").put("direction", direction);
            ArrayNode array = n.putArray("items");
            for (PythonArg item : items) {
                array.add(item.toJson(blobs));
            }
            return n;
        }
    }

    record StreamArg(int handle, io.braid.streams.DistroStream<?> stream, String direction) implements PythonArg {
        public ObjectNode toJson(List<byte[]> blobs) {
            ObjectNode n = PythonFrames.JSON.createObjectNode().put("kind", "stream").put("handle", handle)
                    .put("direction", direction);
            return describe(n, stream);
        }
    }
}
