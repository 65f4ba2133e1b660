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
 * header frame followed by {@code header.blobs} binary frames (pickles, carried opaque), or one
 * compact frame for the common task request and its result ({@link PythonCompact}).
 */
final class PythonFrames {
    static final ObjectMapper JSON = new ObjectMapper();

    private PythonFrames() {
    }

    /** One message read: its header and blobs, or a compact result ({@link PythonCompact}) already decoded. */
    record Message(JsonNode header, List<byte[]> blobs, PythonTaskResult compactResult) {
        Message(JsonNode header, List<byte[]> blobs) {
            this(header, blobs, null);
        }

        String type() {
            return compactResult != null ? "result" : header.path("type").asText();
        }
    }

    /** A task request: compact when it fits (the common case), else a JSON header and its blobs. */
    static void writeTask(DataOutputStream out, PythonTaskCall call) throws IOException {
        if (!PythonCompact.fits(call)) {
            List<byte[]> blobs = new ArrayList<>();
            write(out, call.toJson(blobs), blobs);
            return;
        }
        byte[] frame = PythonCompact.task(call);
        out.writeInt(frame.length);
        out.write(frame);
        out.flush();
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
        if (length < 1) {
            throw new IOException("Python worker sent an empty header frame");
        }
        int first = in.readUnsignedByte();
        if (first == PythonCompact.RESULT) {
            return new Message(null, List.of(), PythonCompact.result(in, length));
        }
        byte[] json = new byte[length];
        json[0] = (byte) first;
        in.readFully(json, 1, length - 1);
        JsonNode header = JSON.readTree(json);
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
