package io.braid.it.foreign;

import io.braid.launcher.embed.EmbeddedRun;
import io.braid.launcher.embed.ForeignTasks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A C main program as the runtime sees it: only the static methods libbraid calls through JNI,
 * with C tasks of bindings-c/tests/cworker/tasks.idl ({@code interface Tasks}) in a worker library
 * built by the test. Values are the C worker protocol's VALUE encodings, made here by hand. Run by
 * {@link CForeignTasksTest}: {@code CForeignDriver <scenario> <work dir> <library> <braid-run
 * options>}; each result goes to {@code <work dir>/results/<name>} (a VALUE's bytes, or a text).
 */
public final class CForeignDriver {
    private static Path results;
    private static String lib;

    private CForeignDriver() {
    }

    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        Path work = Path.of(args[1]);
        lib = args[2];
        results = Files.createDirectories(work.resolve("results"));
        result("logdir", EmbeddedRun.start(args[3], "c-foreign-" + scenario));
        try {
            switch (scenario) {
                case "dataflow" -> dataflow(work);
                case "crash" -> crash();
                default -> throw new IllegalArgumentException("scenario " + scenario);
            }
        } finally {
            try {
                EmbeddedRun.stop();
                result("stop", "ok");
            } catch (Exception e) {
                result("stop", e.getMessage());
            }
        }
    }

    private static void dataflow(Path work) throws Exception {
        int add = define("add", new String[] {"IN VALUE", "IN VALUE"}, 1, "RETRY");
        int addObject = define("add", new String[] {"IN OBJECT", "IN VALUE"}, 1, "RETRY");
        int scale = define("scale", new String[] {"INOUT OBJECT", "IN VALUE", "OUT OBJECT"}, 0, "RETRY");
        int kinds = define("kinds", new String[] {"IN VALUE", "IN VALUE", "IN VALUE", "IN VALUE", "IN VALUE",
            "OUT OBJECT"}, 0, "RETRY");
        int greet = define("greet", new String[] {"IN VALUE", "INOUT OBJECT", "OUT OBJECT"}, 1, "RETRY");
        int increment = define("increment", new String[] {"FILE_INOUT"}, 0, "RETRY");
        int writeText = define("write_text", new String[] {"IN VALUE", "FILE_OUT"}, 0, "RETRY");
        int move = define("move", new String[] {"IN OBJECT", "INOUT OBJECT", "OUT OBJECT", "IN VALUE"}, 1, "RETRY");
        int nope = define("nope", new String[] {"IN VALUE"}, 0, "IGNORE");
        int tooFew = define("add", new String[] {"IN VALUE"}, 1, "IGNORE");
        int wrongKind = define("increment", new String[] {"IN VALUE"}, 0, "IGNORE");

        ForeignTasks.submit(add, null, new byte[][] {i32(2), i32(3)}, null, new long[] {1});
        // A chain of dependent tasks: each adds 1 to the previous one's result.
        for (long id = 1; id <= 10; id++) {
            ForeignTasks.submit(addObject, new long[] {id, 0}, new byte[][] {null, i32(1)}, null, new long[] {id + 1});
        }
        ForeignTasks.submit(scale, new long[] {20, 0, 21}, new byte[][] {f64(2.5), f64(3.0), null}, null, null);
        ForeignTasks.submit(kinds, new long[] {0, 0, 0, 0, 0, 50},
                new byte[][] {{65}, {(byte) 0xfe, (byte) 0xd4}, {1}, f32(2.5f), i32((int) 4000000000L), null}, null, null);
        ForeignTasks.submit(greet, new long[] {0, 30, 31}, new byte[][] {str("ada"), str("start;"), null}, null,
                new long[] {32});
        String counter = work.resolve("data").resolve("counter.txt").toString();
        Files.createDirectories(work.resolve("data"));
        Files.writeString(Path.of(counter), "41\n");
        ForeignTasks.submit(increment, null, null, new String[] {counter}, null);
        ForeignTasks.submit(increment, null, null, new String[] {counter}, null);
        String text = work.resolve("data").resolve("text.txt").toString();
        ForeignTasks.submit(writeText, null, new byte[][] {str("written by C"), null}, new String[] {null, text}, null);
        ForeignTasks.submit(move, new long[] {40, 41, 42, 0},
                new byte[][] {point(1, 2, "p"), point(10, 20, "q"), null, f64(0.5)}, null, new long[] {43});
        ForeignTasks.submit(nope, null, new byte[][] {i32(7)}, null, null);
        ForeignTasks.submit(tooFew, null, new byte[][] {i32(7)}, null, new long[] {60});
        ForeignTasks.submit(wrongKind, null, new byte[][] {i32(7)}, null, null);

        result("add", ForeignTasks.waitOn(1));
        result("chain", ForeignTasks.waitOn(11));
        result("scaled", ForeignTasks.waitOn(20));
        result("truncated", ForeignTasks.waitOn(21));
        result("kinds", ForeignTasks.waitOn(50));
        result("greet-log", ForeignTasks.waitOn(30));
        result("greet-shout", ForeignTasks.waitOn(31));
        result("greet", ForeignTasks.waitOn(32));
        result("counter", Files.readString(Path.of(ForeignTasks.waitOnFile(counter))));
        result("text", Files.readString(Path.of(ForeignTasks.waitOnFile(text))));
        result("move-q", ForeignTasks.waitOn(41));
        result("move-r", ForeignTasks.waitOn(42));
        result("move", ForeignTasks.waitOn(43));
        EmbeddedRun.barrier();

        // The processes of this library killed between tasks: the next task gets a new process.
        long killed = ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> a.length == 1 && a[0].equals(lib)).orElse(false))
                .peek(ProcessHandle::destroyForcibly).count();
        result("killed", killed);
        ForeignTasks.submit(add, null, new byte[][] {i32(40), i32(2)}, null, new long[] {70});
        result("after-kill", ForeignTasks.waitOn(70));
    }

    private static void crash() throws Exception {
        int crash = define("crash", new String[] {"IN VALUE"}, 0, "RETRY");
        ForeignTasks.submit(crash, null, new byte[][] {i32(0)}, null, null);
        try {
            EmbeddedRun.barrier();
            result("crash", "no failure");
        } catch (Exception e) {
            result("crash", e.getMessage());
        }
    }

    private static int define(String function, String[] params, int returns, String onFailure) {
        return ForeignTasks.define("c", "Tasks", function, lib, params, returns, new String[] {"computing_units=1"},
                false, false, onFailure, 0);
    }

    private static void result(String name, Object value) throws Exception {
        byte[] bytes = value instanceof byte[] b ? b : String.valueOf(value).getBytes(StandardCharsets.UTF_8);
        Files.write(results.resolve(name + (value instanceof byte[] ? ".value" : ".txt")), bytes);
    }

    static byte[] i32(int v) {
        return ByteBuffer.allocate(4).putInt(v).array();
    }

    static byte[] f32(float v) {
        return ByteBuffer.allocate(4).putFloat(v).array();
    }

    static byte[] f64(double v) {
        return ByteBuffer.allocate(8).putDouble(v).array();
    }

    static byte[] str(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + b.length).putInt(b.length).put(b).array();
    }

    /** A Point as Point_serialize makes it (x, y in host order, then the label), as a VALUE (u32 length first). */
    static byte[] point(double x, double y, String label) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(4 + 16 + l.length);
        b.putInt(16 + l.length);
        b.order(ByteOrder.nativeOrder()).putDouble(x).putDouble(y).put(l);
        return b.array();
    }
}
