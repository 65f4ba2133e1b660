package io.braid.worker.execution.python;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary form of the common task request and its successful result (docs/DESIGN.md, "Python
 * worker protocol: compact task frames"): one frame each, whose first byte ({@link #TASK},
 * {@link #RESULT}) tells it from a JSON header (which starts with '{'). A request goes compact when
 * its arguments are inline pickles and file paths and it has no return paths, time-out,
 * redirections or working directory; anything else, and every other message, stays JSON. Parsing
 * no JSON per task is what it is for: a no-op task's own CPU on both sides of the pipe.
 */
final class PythonCompact {
    static final int TASK = 1;
    static final int RESULT = 2;
    private static final int KIND_VALUE = 0;
    private static final int KIND_FILE = 1;
    private static final List<String> DIRECTIONS = List.of("IN", "OUT", "INOUT");

    private PythonCompact() {
    }

    /** Whether {@code call} has the compact form (else it goes as JSON). */
    static boolean fits(PythonTaskCall call) {
        if (!call.returnPaths().isEmpty() || call.timeOutSeconds() > 0 || call.stdout() != null
                || call.stderr() != null || call.workingDir() != null || call.returns() > 255
                || call.args().size() > 0xFFFF || call.sysPath().size() > 0xFFFF) {
            return false;
        }
        for (PythonArg a : call.args()) {
            boolean plain = a instanceof PythonArg.Value v ? v.outPath() == null : a instanceof PythonArg.FileArg;
            if (!plain) {
                return false;
            }
        }
        return true;
    }

    /** The request's one frame (without its length prefix); {@code call} must {@link #fits}. */
    static byte[] task(PythonTaskCall call) {
        int size = 64 + call.module().length() * 3 + call.function().length() * 3;
        for (PythonArg a : call.args()) {
            size += 6 + (a instanceof PythonArg.Value v ? v.pickle().length : ((PythonArg.FileArg) a).path().length() * 3);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(size);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(TASK);
            out.writeLong(call.id());
            shortString(out, call.module());
            shortString(out, call.function());
            out.writeByte(call.returns());
            out.writeShort(call.sysPath().size());
            for (String entry : call.sysPath()) {
                string(out, entry);
            }
            out.writeShort(call.args().size());
            for (PythonArg a : call.args()) {
                if (a instanceof PythonArg.Value v) {
                    out.writeByte(KIND_VALUE);
                    out.writeByte(direction(v.direction()));
                    out.writeInt(v.pickle().length);
                    out.write(v.pickle());
                } else {
                    PythonArg.FileArg f = (PythonArg.FileArg) a;
                    out.writeByte(KIND_FILE);
                    out.writeByte(direction(f.direction()));
                    string(out, f.path());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    /**
     * A compact result frame of {@code length} bytes, its first byte ({@link #RESULT}) already
     * read from {@code in}: the returns' pickles, then the updated arguments' (argument index,
     * index path inside a collection, pickle). Read from the stream, so a big pickle is copied once.
     */
    static PythonTaskResult result(DataInputStream in, int length) throws IOException {
        Remaining left = new Remaining(length - 1);
        left.take(8 + 1);
        in.readLong(); // the request's id: replies come in order, one per request
        int returnCount = in.readUnsignedByte();
        List<PythonTaskResult.Output> returns = new ArrayList<>(returnCount);
        for (int i = 0; i < returnCount; i++) {
            returns.add(new PythonTaskResult.Output(blob(in, left), null));
        }
        left.take(2);
        int updatedCount = in.readUnsignedShort();
        List<PythonTaskResult.Updated> updated = new ArrayList<>(updatedCount);
        for (int i = 0; i < updatedCount; i++) {
            left.take(3);
            int arg = in.readUnsignedShort();
            int depth = in.readUnsignedByte();
            left.take(4L * depth);
            List<Integer> item = new ArrayList<>(depth);
            for (int d = 0; d < depth; d++) {
                item.add(in.readInt());
            }
            updated.add(new PythonTaskResult.Updated(Integer.toString(arg), List.copyOf(item),
                    new PythonTaskResult.Output(blob(in, left), null)));
        }
        if (left.count != 0) {
            throw new IOException("Python worker sent a compact result " + left.count + " bytes longer than its fields");
        }
        return new PythonTaskResult(true, List.copyOf(returns), List.copyOf(updated), null, null, null, false);
    }

    /** The bytes of a frame not read yet: a field past its end is a protocol error, not a read into the next frame. */
    private static final class Remaining {
        long count;

        Remaining(long count) {
            this.count = count;
        }

        void take(long n) throws IOException {
            if (n < 0 || n > count) {
                throw new IOException("Python worker sent a compact result whose fields run past its frame");
            }
            count -= n;
        }
    }

    private static byte[] blob(DataInputStream in, Remaining left) throws IOException {
        left.take(4);
        int length = in.readInt();
        left.take(length);
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    private static int direction(String direction) {
        int d = DIRECTIONS.indexOf(direction);
        if (d < 0) {
            throw new IllegalArgumentException("argument direction " + direction + ": expected IN, OUT or INOUT");
        }
        return d;
    }

    private static void shortString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > 0xFFFF) {
            throw new IllegalArgumentException("Python name of " + b.length + " bytes: " + s.substring(0, 80) + "...");
        }
        out.writeShort(b.length);
        out.write(b);
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }
}
