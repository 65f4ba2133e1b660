package io.braid.worker.execution.c;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A TASK request: run {@code function} with {@code args}, each its IDL type and direction and,
 * for in/inout arguments and every File, its VALUE encoding (an out argument that is not a File
 * has none). {@code cwd}, {@code stdout}, {@code stderr}: "" for the process's own.
 */
record CTaskCall(long id, String function, List<Arg> args, String cwd, String stdout, String stderr) {
    static final int TASK = 2;

    record Arg(int type, int direction, byte[] value) {
    }

    CTaskCall {
        args = List.copyOf(args);
    }

    /** The frame's bytes. */
    byte[] encode() {
        int size = 64 + function.length();
        for (Arg a : args) {
            size += 2 + (a.value() == null ? 0 : a.value().length);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(size);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(TASK);
            out.writeLong(id);
            str(out, function);
            str(out, cwd);
            str(out, stdout);
            str(out, stderr);
            out.writeInt(args.size());
            for (Arg a : args) {
                out.writeByte(a.type());
                out.writeByte(a.direction());
                if (a.value() != null) {
                    out.write(a.value());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void str(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }
}
