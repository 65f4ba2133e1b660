import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAccess;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.MemoryLayout;
import jdk.incubator.foreign.MemorySegment;
import jdk.incubator.foreign.ResourceScope;
import jdk.incubator.foreign.SymbolLookup;

/**
 * libbraid loaded into a Java program, as a worker running a C task will load it: its calls use
 * this JVM (no second one) and this process's stream client. Java 17's foreign-function API
 * stands in for JNA here. A Java writer and a C reader share "java-to-c"; a C writer (called
 * from another Java thread) and a Java reader share "c-to-java". Exit status 0 when every record
 * arrived intact.
 */
public final class InJvm {
    private static final CLinker C = CLinker.getInstance();
    private static SymbolLookup lib;

    private InJvm() {
    }

    private static MethodHandle fn(String name, Class<?> ret, MemoryLayout retLayout, Object... params) {
        List<Class<?>> types = new ArrayList<>();
        List<MemoryLayout> layouts = new ArrayList<>();
        for (int i = 0; i < params.length; i += 2) {
            types.add((Class<?>) params[i]);
            layouts.add((MemoryLayout) params[i + 1]);
        }
        MethodType mt = MethodType.methodType(ret, types);
        FunctionDescriptor fd = retLayout == null ? FunctionDescriptor.ofVoid(layouts.toArray(new MemoryLayout[0]))
                : FunctionDescriptor.of(retLayout, layouts.toArray(new MemoryLayout[0]));
        return C.downcallHandle(lib.lookup(name).orElseThrow(), mt, fd);
    }

    private static final Class<?> P = MemoryAddress.class;

    public static void main(String[] args) throws Throwable {
        System.load(args[0]);
        lib = SymbolLookup.loaderLookup();
        MethodHandle streamNew = fn("braid_object_stream_new", int.class, CLinker.C_INT, P, CLinker.C_POINTER,
                int.class, CLinker.C_INT, P, CLinker.C_POINTER);
        MethodHandle publish = fn("braid_object_stream_publish", int.class, CLinker.C_INT, P, CLinker.C_POINTER,
                P, CLinker.C_POINTER, long.class, CLinker.C_LONG);
        MethodHandle poll = fn("braid_object_stream_poll", int.class, CLinker.C_INT, P, CLinker.C_POINTER,
                long.class, CLinker.C_LONG, P, CLinker.C_POINTER, P, CLinker.C_POINTER);
        MethodHandle isClosed = fn("braid_object_stream_is_closed", int.class, CLinker.C_INT, P, CLinker.C_POINTER,
                P, CLinker.C_POINTER);
        MethodHandle close = fn("braid_object_stream_close", int.class, CLinker.C_INT, P, CLinker.C_POINTER);
        MethodHandle free = fn("braid_object_stream_free", void.class, null, P, CLinker.C_POINTER);
        MethodHandle recordsFree = fn("braid_records_free", void.class, null, P, CLinker.C_POINTER,
                long.class, CLinker.C_LONG);
        MethodHandle lastError = fn("braid_last_error", P, CLinker.C_POINTER);

        // Java writes, C reads.
        ObjectDistroStream<byte[]> javaOut = new ObjectDistroStream<>("java-to-c", ConsumerMode.AT_LEAST_ONCE);
        for (int i = 0; i < 3; i++) {
            javaOut.publish(("from java " + i).getBytes(StandardCharsets.UTF_8));
        }
        javaOut.close();
        List<String> readByC = new ArrayList<>();
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            MemorySegment handle = MemorySegment.allocateNative(CLinker.C_POINTER, scope);
            check((int) streamNew.invokeExact(CLinker.toCString("java-to-c", scope).address(), 1, handle.address()),
                    lastError);
            MemoryAddress s = MemoryAccess.getAddress(handle);
            MemorySegment flag = MemorySegment.allocateNative(CLinker.C_INT, scope);
            MemorySegment records = MemorySegment.allocateNative(CLinker.C_POINTER, scope);
            MemorySegment count = MemorySegment.allocateNative(CLinker.C_LONG, scope);
            for (int rounds = 0; ; rounds++) {
                if (rounds > 120) {
                    throw new IllegalStateException("java-to-c did not close for C within 120 polls");
                }
                check((int) isClosed.invokeExact(s, flag.address()), lastError);
                boolean closed = MemoryAccess.getInt(flag) != 0;
                check((int) poll.invokeExact(s, closed ? 0L : 1000L, records.address(), count.address()), lastError);
                long n = MemoryAccess.getLong(count);
                MemoryAddress array = MemoryAccess.getAddress(records);
                if (n > 0) {
                    MemorySegment recs = array.asSegment(16 * n, scope);
                    for (long i = 0; i < n; i++) {
                        MemoryAddress data = MemoryAccess.getAddressAtOffset(recs, 16 * i);
                        long size = MemoryAccess.getLongAtOffset(recs, 16 * i + 8);
                        readByC.add(new String(data.asSegment(size, scope).toByteArray(), StandardCharsets.UTF_8));
                    }
                }
                recordsFree.invokeExact(array, n);
                if (closed) {
                    break;
                }
            }
            free.invokeExact(s);
        }
        if (!readByC.equals(List.of("from java 0", "from java 1", "from java 2"))) {
            throw new IllegalStateException("C read " + readByC);
        }
        System.out.println("C in this JVM read " + readByC.size() + " records from Java");

        // A stream of other Java objects cannot be read from C: an error naming the element's class.
        ObjectDistroStream<Long> longs = new ObjectDistroStream<>("longs", ConsumerMode.AT_LEAST_ONCE);
        longs.publish(42L);
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            MemorySegment handle = MemorySegment.allocateNative(CLinker.C_POINTER, scope);
            check((int) streamNew.invokeExact(CLinker.toCString("longs", scope).address(), 1, handle.address()),
                    lastError);
            MemoryAddress s = MemoryAccess.getAddress(handle);
            MemorySegment records = MemorySegment.allocateNative(CLinker.C_POINTER, scope);
            MemorySegment count = MemorySegment.allocateNative(CLinker.C_LONG, scope);
            int status = (int) poll.invokeExact(s, 10_000L, records.address(), count.address());
            String error = CLinker.toJavaString((MemoryAddress) lastError.invokeExact());
            if (status != 5 || !error.contains("java.lang.Long") || !error.contains("byte[]")) {
                throw new IllegalStateException("polling a stream of Longs from C: status " + status + ", " + error);
            }
            System.out.println("as expected: " + error);
            free.invokeExact(s);
        }

        // C writes, from another Java thread; Java reads.
        Throwable[] failed = new Throwable[1];
        Thread writer = new Thread(() -> {
            try (ResourceScope scope = ResourceScope.newConfinedScope()) {
                MemorySegment handle = MemorySegment.allocateNative(CLinker.C_POINTER, scope);
                check((int) streamNew.invokeExact(CLinker.toCString("c-to-java", scope).address(), 1, handle.address()),
                        lastError);
                MemoryAddress s = MemoryAccess.getAddress(handle);
                for (int i = 0; i < 2; i++) {
                    MemorySegment text = CLinker.toCString("from C " + i, scope);
                    check((int) publish.invokeExact(s, text.address(), text.byteSize() - 1), lastError);
                }
                check((int) close.invokeExact(s), lastError);
                free.invokeExact(s);
            } catch (Throwable t) {
                failed[0] = t;
            }
        }, "c-writer");
        ObjectDistroStream<byte[]> javaIn = new ObjectDistroStream<>("c-to-java", ConsumerMode.AT_LEAST_ONCE);
        writer.start();
        writer.join();
        if (failed[0] != null) {
            throw failed[0];
        }
        List<String> readByJava = new ArrayList<>();
        while (true) {
            boolean closed = javaIn.isClosed();
            for (byte[] r : javaIn.poll(closed ? 0 : 1000)) {
                readByJava.add(new String(r, StandardCharsets.UTF_8));
            }
            if (closed) {
                break;
            }
        }
        if (!readByJava.equals(List.of("from C 0", "from C 1"))) {
            throw new IllegalStateException("Java read " + readByJava);
        }
        System.out.println("Java read " + readByJava.size() + " records from C in this JVM");
    }

    private static void check(int status, MethodHandle lastError) throws Throwable {
        if (status != 0) {
            throw new IllegalStateException("libbraid status " + status + ": "
                    + CLinker.toJavaString((MemoryAddress) lastError.invokeExact()));
        }
    }
}
