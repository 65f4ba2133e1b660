package io.braid.worker.execution.cfunction;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The native task host's answer to a {@link HostCall}: {@code u8 status}; status OK:
 * {@code return value, u32 n, {u32 argument index, blob}} (the written-back buffers); otherwise
 * {@code message}. An error is an answer and the host goes on; only a crash ends it.
 *
 * @param status   what happened
 * @param value    the return value, boxed (null for void)
 * @param buffers  argument index to the new contents of each written-back buffer
 * @param message  why the call was not made (UNAVAILABLE, ERROR), null when OK
 */
record HostReply(Status status, Object value, Map<Integer, byte[]> buffers, String message) {

    enum Status {
        OK,
        /** The library cannot be loaded or has no such symbol: calling again will not help. */
        UNAVAILABLE,
        /** Any other refusal (a malformed call, an argument the host cannot pass). */
        ERROR
    }

    static HostReply ok(Object value, Map<Integer, byte[]> buffers) {
        return new HostReply(Status.OK, value, buffers, null);
    }

    static HostReply failed(Status status, String message) {
        return new HostReply(status, null, Map.of(), message);
    }

    byte[] encode(CType returns) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(status.ordinal());
        if (status == Status.OK) {
            HostCall.writeValue(out, returns, value);
            out.writeInt(buffers.size());
            for (Map.Entry<Integer, byte[]> e : buffers.entrySet()) {
                out.writeInt(e.getKey());
                HostFrames.writeBlob(out, e.getValue());
            }
        } else {
            HostFrames.writeString(out, message);
        }
        out.flush();
        return bytes.toByteArray();
    }

    static HostReply decode(byte[] frame, CType returns) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(frame));
        int s = in.readUnsignedByte();
        if (s >= Status.values().length) {
            throw new IOException("malformed reply: status " + s);
        }
        Status status = Status.values()[s];
        if (status != Status.OK) {
            return failed(status, HostFrames.readString(in));
        }
        Object value = HostCall.readValue(in, returns);
        int n = in.readInt();
        Map<Integer, byte[]> buffers = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            buffers.put(in.readInt(), HostFrames.readBlob(in));
        }
        return ok(value, buffers);
    }
}
