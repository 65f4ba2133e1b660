package io.braid.worker.execution.cfunction;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The native task host: a small JVM a worker starts to call the C functions of
 * {@code @CFunction} tasks through JNA, so that a crash in one (SIGSEGV, abort, exit) ends this
 * process and not the worker. Reads {@link HostCall} frames, answers {@link HostReply} frames,
 * one call at a time, until its input ends.
 *
 * <p>The protocol runs on copies of the standard streams taken at start-up; fd 1 then points at
 * stderr and fd 0 at /dev/null, so what a C function prints or reads cannot touch a frame.
 * Libraries and functions are looked up once and kept.
 */
public final class NativeHostMain {
    /** The first frame: this code and the protocol version, so the worker knows the host is up. */
    static final int READY = 0x42524e48; // "BRNH"
    static final int PROTOCOL = 1;

    private final Map<String, Function> functions = new HashMap<>();
    private final Function fflush;

    private NativeHostMain(Function fflush) {
        this.fflush = fflush;
    }

    public static void main(String[] args) throws IOException {
        System.setProperty("jna.encoding", "UTF-8"); // strings cross as UTF-8 whatever the locale
        NativeLibrary libc = NativeLibrary.getInstance("c");
        Function dup = libc.getFunction("dup");
        Function dup2 = libc.getFunction("dup2");
        Function open = libc.getFunction("open");
        int protocolIn = dup.invokeInt(new Object[] {0});
        int protocolOut = dup.invokeInt(new Object[] {1});
        int devNull = open.invokeInt(new Object[] {"/dev/null", 0});
        if (protocolIn < 0 || protocolOut < 0 || devNull < 0
                || dup2.invokeInt(new Object[] {devNull, 0}) < 0 || dup2.invokeInt(new Object[] {2, 1}) < 0) {
            System.err.println("braid native task host: cannot set up its standard streams");
            System.exit(2);
        }
        DataInputStream in = new DataInputStream(new BufferedInputStream(
                new FileInputStream("/dev/fd/" + protocolIn), 1 << 16));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                new FileOutputStream("/dev/fd/" + protocolOut), 1 << 16));
        out.writeInt(READY);
        out.writeInt(PROTOCOL);
        out.writeLong(ProcessHandle.current().pid());
        out.flush();
        new NativeHostMain(libc.getFunction("fflush")).serve(in, out);
        System.exit(0);
    }

    private void serve(DataInputStream in, DataOutputStream out) throws IOException {
        for (byte[] frame; (frame = HostFrames.read(in)) != null; ) {
            HostCall call;
            try {
                call = HostCall.decode(frame);
            } catch (IOException | RuntimeException e) {
                System.err.println("braid native task host: malformed call frame: " + e.getMessage());
                System.exit(3);
                return;
            }
            HostReply reply = call(call);
            HostFrames.write(out, reply.encode(call.returns()));
        }
    }

    private HostReply call(HostCall call) {
        Function f;
        try {
            f = function(call.library(), call.symbol());
        } catch (UnsatisfiedLinkError e) {
            return HostReply.failed(HostReply.Status.UNAVAILABLE, e.getMessage());
        }
        List<HostCall.Arg> args = call.args();
        Object[] jnaArgs = new Object[args.size()];
        Memory[] buffers = new Memory[args.size()];
        for (int i = 0; i < jnaArgs.length; i++) {
            HostCall.Arg a = args.get(i);
            jnaArgs[i] = switch (a.type()) {
                case CHAR -> (byte) (char) (Character) a.value();
                case BUFFER -> {
                    byte[] b = (byte[]) a.value();
                    if (b == null) {
                        yield Pointer.NULL;
                    }
                    buffers[i] = new Memory(Math.max(1, b.length)); // JNA refuses a 0-byte Memory
                    buffers[i].write(0, b, 0, b.length);
                    yield buffers[i];
                }
                default -> a.value(); // JNA passes boxes and Strings (UTF-8, NUL-terminated) as they are
            };
        }
        Object value;
        try {
            value = switch (call.returns()) {
                case VOID -> {
                    f.invokeVoid(jnaArgs);
                    yield null;
                }
                // C's bool and char are one byte: the upper bits of the register are not defined.
                case BOOLEAN -> (Byte) f.invoke(Byte.class, jnaArgs) != 0;
                case CHAR -> (char) ((Byte) f.invoke(Byte.class, jnaArgs) & 0xff);
                case BYTE -> f.invoke(Byte.class, jnaArgs);
                case SHORT -> f.invoke(Short.class, jnaArgs);
                case INT -> f.invoke(Integer.class, jnaArgs);
                case LONG -> f.invoke(Long.class, jnaArgs);
                case FLOAT -> f.invoke(Float.class, jnaArgs);
                case DOUBLE -> f.invoke(Double.class, jnaArgs);
                case STRING, BUFFER -> throw new IllegalArgumentException("a C function task returns a basic type");
            };
        } catch (RuntimeException e) {
            return HostReply.failed(HostReply.Status.ERROR, "JNA refused the call: " + e);
        } finally {
            fflush.invokeInt(new Object[] {Pointer.NULL}); // a task's printf reaches the log now, not at a crash
        }
        Map<Integer, byte[]> written = new LinkedHashMap<>();
        for (int i = 0; i < buffers.length; i++) {
            if (buffers[i] != null && args.get(i).writeBack()) {
                byte[] b = new byte[((byte[]) args.get(i).value()).length];
                buffers[i].read(0, b, 0, b.length);
                written.put(i, b);
            }
        }
        return HostReply.ok(value, written);
    }

    private Function function(String library, String symbol) {
        String key = library + '\0' + symbol;
        Function f = functions.get(key);
        if (f == null) {
            NativeLibrary lib;
            try {
                lib = NativeLibrary.getInstance(library);
            } catch (UnsatisfiedLinkError e) {
                throw new UnsatisfiedLinkError("cannot load library " + library + ": " + loaderError(e.getMessage()));
            }
            try {
                f = lib.getFunction(symbol);
            } catch (UnsatisfiedLinkError e) {
                String file = lib.getFile() == null ? library : lib.getFile().toString();
                throw new UnsatisfiedLinkError("library " + library + (file.equals(library) ? "" : " (" + file + ")")
                        + " has no symbol " + symbol);
            }
            functions.put(key, f);
        }
        return f;
    }

    /**
     * The dynamic loader's own words from JNA's message ("Unable to load library 'x':" then one
     * line per place it tried, dlopen's error first), on one line.
     */
    private static String loaderError(String message) {
        if (message == null) {
            return "unknown error";
        }
        String[] lines = message.split("\n");
        return lines.length > 1 && !lines[1].isBlank() ? lines[1].strip() : lines[0].strip();
    }
}
