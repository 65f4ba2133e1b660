package io.braid.worker.execution.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.braid.worker.execution.taskprocess.Frames;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Python worker's framing: a 4-byte big-endian length, then the bytes; a message is a JSON
 * header frame followed by {@code header.blobs} binary frames (pickles, carried opaque).
 */
final class PythonFrames {
    static final ObjectMapper JSON = new ObjectMapper();

    private PythonFrames() {
    }

    /** One message read: its header and blobs. */
    record Message(JsonNode header, List<byte[]> blobs) {
        String type() {
            return header.path("type").asText();
        }
    }

    static void write(DataOutputStream out, ObjectNode header, List<byte[]> blobs) throws IOException {
        header.put("blobs", blobs.size());
        byte[] json = JSON.writeValueAsBytes(header);
        out.writeInt(json.length);
        out.write(json);
        for (byte[] blob : blobs) {
            out.writeInt(blob.length);
            out.write(blob);
        }
        out.flush();
    }

    /** The next message, or null when the stream ended before it began (the process is gone). */
    static Message read(DataInputStream in) throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        JsonNode header = JSON.readTree(Frames.read(in, length, "Python worker"));
        if (!header.isObject()) {
            throw new IOException("Python worker sent a header that is not a JSON object");
        }
        int count = header.path("blobs").asInt(0);
        List<byte[]> blobs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            blobs.add(Frames.read(in, in.readInt(), "Python worker"));
        }
        return new Message(header, blobs);
    }
}
