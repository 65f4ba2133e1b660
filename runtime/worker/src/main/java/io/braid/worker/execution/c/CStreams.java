package io.braid.worker.execution.c;

import io.braid.streams.BackendException;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The stream parameters of one C task, used from braid-c-worker through STREAM requests
 * (docs/DESIGN.md, "C worker protocol"): the worker performs each operation with its own stream
 * client, as {@code PythonStreams} does for Python tasks, so a C task needs no JVM of its own. The
 * handles are the task's STREAM parameters, numbered from 1 in argument order; their lives are the
 * job's ({@code TaskStreams} opens and releases them).
 *
 * <p>Elements: a C task publishes {@code byte[]} and reads {@code byte[]} (and {@code String}, as
 * its UTF-8 bytes); records of other Java types are refused with the type's name.
 */
final class CStreams {
    static final int STREAM = 6;
    static final int STREAM_REPLY = 7;
    static final int OP_PUBLISH = 1;
    static final int OP_POLL = 2;
    static final int OP_CLOSE = 3;
    static final int OP_IS_CLOSED = 4;

    private final List<DistroStream<?>> handles = new ArrayList<>();

    /** A STREAM parameter: its VALUE in the TASK frame ({@code u32 handle, str id, str alias, u8 mode, str base_dir}). */
    byte[] param(DistroStream<?> handle) {
        handles.add(handle);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(handles.size());
            str(out, handle.getId());
            str(out, handle.getAlias() == null ? "" : handle.getAlias());
            out.writeByte(handle.getConsumerMode().ordinal());
            str(out, handle instanceof FileDistroStream f ? f.getBaseDir() : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Answers one STREAM request ({@code u8 6, u32 handle, u8 op, ...}) with its STREAM_REPLY
     * ({@code u8 7, u8 status, ...}); a refused operation is an error reply, never an exception.
     */
    byte[] answer(byte[] request) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(STREAM_REPLY);
            try {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                perform(ByteBuffer.wrap(request), new DataOutputStream(body));
                out.writeByte(0);
                body.writeTo(out);
            } catch (RuntimeException e) { // BackendException included
                out.writeByte(1);
                str(out, e.getMessage() == null ? e.toString() : e.getMessage());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    @SuppressWarnings("unchecked")
    private void perform(ByteBuffer in, DataOutputStream out) throws BackendException, IOException {
        try {
            in.get(); // STREAM
            int number = in.getInt();
            int op = in.get() & 0xff;
            if (number < 1 || number > handles.size()) {
                throw new IllegalArgumentException("stream handle " + number + " is not one of this task's");
            }
            DistroStream<?> s = handles.get(number - 1);
            switch (op) {
                case OP_PUBLISH -> {
                    int n = in.getInt();
                    List<Object> values = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        byte[] b = new byte[in.getInt()];
                        in.get(b);
                        values.add(s instanceof FileDistroStream ? new String(b, StandardCharsets.UTF_8) : b);
                    }
                    if (s instanceof FileDistroStream f) {
                        f.publish((List<String>) (List<?>) values);
                    } else {
                        ((DistroStream<Object>) s).publish(values);
                    }
                }
                case OP_POLL -> {
                    long timeout = in.getLong();
                    List<?> polled = timeout > 0 ? s.poll(timeout) : s.poll();
                    List<byte[]> records = new ArrayList<>(polled.size());
                    for (Object e : polled) {
                        if (e instanceof byte[] b) {
                            records.add(b);
                        } else if (e instanceof String text) {
                            records.add(text.getBytes(StandardCharsets.UTF_8));
                        } else {
                            throw new BackendException("stream " + s.getId() + " gave a "
                                    + (e == null ? "null" : e.getClass().getName()) + ": a C task reads elements that"
                                    + " are byte[] or String in Java (the elements polled here are lost to the"
                                    + " stream's other readers)");
                        }
                    }
                    out.writeInt(records.size());
                    for (byte[] b : records) {
                        out.writeInt(b.length);
                        out.write(b);
                    }
                }
                case OP_CLOSE -> s.close();
                case OP_IS_CLOSED -> out.writeByte(s.isClosed() ? 1 : 0);
                default -> throw new IllegalArgumentException("unknown stream operation " + op);
            }
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("a STREAM request cut short");
        }
    }

    private static void str(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }
}
