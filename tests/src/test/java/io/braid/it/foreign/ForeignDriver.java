package io.braid.it.foreign;

import io.braid.launcher.embed.EmbeddedRun;
import io.braid.launcher.embed.ForeignTasks;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A main program that is not Java, as the runtime sees it: it calls only the static methods
 * libbraid calls through JNI ({@link EmbeddedRun}, {@link ForeignTasks}), with the same simple
 * types, in a JVM on braid.jar alone (plus this class). Run by {@code ForeignTasksTest} in its own
 * process: {@code ForeignDriver <scenario> <work dir> <module dir> <braid-run options>}. Each
 * result goes to {@code <work dir>/results/<name>}: a pickle's bytes, or a message's text.
 * Pickles the driver sends are written by hand (protocol 2: small ints, short strings, an empty list).
 */
public final class ForeignDriver {
    private static Path results;

    private ForeignDriver() {
    }

    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        Path work = Path.of(args[1]);
        String moduleDir = args[2];
        results = Files.createDirectories(work.resolve("results"));
        result("logdir", EmbeddedRun.start(args[3], "foreign-" + scenario));
        try {
            switch (scenario) {
                case "dataflow" -> dataflow(work, moduleDir);
                case "crash" -> crash(moduleDir);
                case "streams" -> ForeignStreamsDriver.run(work, moduleDir);
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

    private static void dataflow(Path work, String dir) throws Exception {
        int make = define(dir, "make", new String[] {"IN VALUE"}, 1, "RETRY");
        int inc = define(dir, "inc", new String[] {"IN OBJECT"}, 1, "RETRY");
        int square = define(dir, "square", new String[] {"IN VALUE"}, 1, "RETRY");
        int add = define(dir, "add", new String[] {"IN OBJECT", "IN OBJECT"}, 1, "RETRY");
        int newList = define(dir, "new_list", new String[0], 1, "RETRY");
        int append = define(dir, "append", new String[] {"INOUT OBJECT", "IN VALUE"}, 0, "RETRY");
        int write = define(dir, "write", new String[] {"FILE_OUT", "IN VALUE"}, 0, "RETRY");
        int read = define(dir, "read", new String[] {"FILE_IN"}, 1, "RETRY");
        int fail = define(dir, "fail", new String[] {"IN VALUE"}, 1, "IGNORE");
        int missing = define(dir, "nope", new String[] {"IN VALUE"}, 1, "IGNORE");
        int crashOnce = define(dir, "crash_once", new String[] {"IN VALUE"}, 1, "RETRY");
        int slow = ForeignTasks.define("python", "tasks", "slow", dir, new String[] {"IN VALUE"}, 1, null, false, false,
                "IGNORE", 1000);
        int hang = define(dir, "slow", new String[] {"IN VALUE"}, 1, "RETRY");
        int total = define(dir, "total", new String[] {"IN COLLECTION"}, 1, "RETRY");
        int split = define(dir, "split", new String[] {"IN OBJECT", "IN VALUE"}, 2, "RETRY");
        int tag = define(dir, "tag", new String[] {"INOUT COLLECTION"}, 0, "RETRY");
        int ioMake = ForeignTasks.define("python", "tasks", "make", dir, new String[] {"IN VALUE"}, 1,
                new String[] {"storage_bw=10"}, true, true, null, 0);

        // A chain: make(5) -> inc -> ... -> inc, ten links, each result a new object id.
        ForeignTasks.submit(make, null, new byte[][] {pickleInt(5)}, null, new long[] {1});
        for (long id = 1; id <= 10; id++) {
            ForeignTasks.submit(inc, new long[] {id}, null, null, new long[] {id + 1});
        }
        // Fan-out / fan-in: squares of 1..8 summed by a tree of adds.
        for (int i = 1; i <= 8; i++) {
            ForeignTasks.submit(square, null, new byte[][] {pickleInt(i)}, null, new long[] {100 + i});
        }
        long next = 110;
        java.util.ArrayDeque<Long> level = new java.util.ArrayDeque<>();
        for (long i = 101; i <= 108; i++) {
            level.add(i);
        }
        while (level.size() > 1) {
            long a = level.poll();
            long b = level.poll();
            ForeignTasks.submit(add, new long[] {a, b}, null, null, new long[] {next});
            level.add(next++);
        }
        // Collections: the squares summed by one task; two lists changed in place by another.
        ForeignTasks.submit(total, null, null, null, new long[] {150},
                new long[][] {{101, 102, 103, 104, 105, 106, 107, 108}}, null);
        ForeignTasks.submit(newList, null, null, null, new long[] {310});
        ForeignTasks.submit(newList, null, null, null, new long[] {311});
        ForeignTasks.submit(tag, null, null, null, null, new long[][] {{310, 311}}, null);
        // Two returns: divmod of the chain's end (15) by 4.
        ForeignTasks.submit(split, new long[] {11, 0}, new byte[][] {null, pickleInt(4)}, null, new long[] {950, 951});
        // An INOUT object: two appends on the runtime's version.
        ForeignTasks.submit(newList, null, null, null, new long[] {300});
        ForeignTasks.submit(append, new long[] {300, 0}, new byte[][] {null, pickleInt(1)}, null, null);
        ForeignTasks.submit(append, new long[] {300, 0}, new byte[][] {null, pickleInt(2)}, null, null);
        // A file written by one task and read by the next.
        String file = work.resolve("data").resolve("greeting.txt").toString();
        Files.createDirectories(work.resolve("data"));
        ForeignTasks.submit(write, null, new byte[][] {null, pickleString("hello from python")},
                new String[] {file, null}, null);
        ForeignTasks.submit(read, null, null, new String[] {file}, new long[] {400});
        // Failures that leave the run going (onFailure = IGNORE), and a crash the retry gets past.
        ForeignTasks.submit(fail, null, new byte[][] {pickleInt(7)}, null, new long[] {500});
        ForeignTasks.submit(missing, null, new byte[][] {pickleInt(7)}, null, new long[] {600});
        ForeignTasks.submit(crashOnce, null, new byte[][] {pickleString(work.resolve("crashed-once").toString())},
                null, new long[] {700});

        // A time-out (the worker kills the process), a cancelled group, a group barrier, an @IO task.
        ForeignTasks.submit(slow, null, new byte[][] {pickleInt(60)}, null, new long[] {800});
        ForeignTasks.openGroup("doomed");
        ForeignTasks.submit(hang, null, new byte[][] {pickleInt(60)}, null, new long[] {801});
        ForeignTasks.closeGroup("doomed", false);
        ForeignTasks.cancelGroup("doomed");
        ForeignTasks.openGroup("fine");
        ForeignTasks.submit(ioMake, null, new byte[][] {pickleInt(42)}, null, new long[] {900});
        result("group-barrier", ForeignTasks.closeGroup("fine", true));
        result("io", ForeignTasks.waitOn(900));
        // A file a task writes and the main program never waits on: at its path after the run.
        ForeignTasks.submit(write, null, new byte[][] {null, pickleString("written at the end")},
                new String[] {work.resolve("data").resolve("unwaited.txt").toString(), null}, null);

        result("chain", ForeignTasks.waitOn(11));
        result("quotient", ForeignTasks.waitOn(950));
        result("remainder", ForeignTasks.waitOn(951));
        ForeignTasks.deleteObject(11);
        result("deleted-object", outcome(11));
        result("fan-in", ForeignTasks.waitOn(level.poll()));
        result("inout", ForeignTasks.waitOn(300));
        result("collection-in", ForeignTasks.waitOn(150));
        result("collection-inout-0", ForeignTasks.waitOn(310));
        result("collection-inout-1", ForeignTasks.waitOn(311));
        // After the wait the main program holds [1, 2]: a call without bytes uses the runtime's version,
        // a call with bytes gives the main program's new value.
        ForeignTasks.submit(append, new long[] {300, 0}, new byte[][] {null, pickleInt(3)}, null, null);
        result("inout-again", ForeignTasks.waitOn(300));
        ForeignTasks.submit(append, new long[] {300, 0}, new byte[][] {pickleEmptyList(), pickleInt(4)}, null, null);
        result("inout-main-value", ForeignTasks.waitOn(300));
        result("file-read", ForeignTasks.waitOn(400));
        result("file-at-path", Files.readString(Path.of(ForeignTasks.waitOnFile(file))));
        result("crash-once", ForeignTasks.waitOn(700));
        ForeignTasks.deleteFile(file);
        result("deleted-file-exists", Files.exists(Path.of(file)));
        result("time-out", outcome(800));
        result("cancelled", outcome(801));
        result("fail", outcome(500));
        result("missing", outcome(600));
        try {
            ForeignTasks.define("ruby", "tasks", "make", dir, new String[] {"IN VALUE"}, 1, null, false, false, null, 0);
            result("unknown-language", "accepted");
        } catch (IllegalArgumentException e) {
            result("unknown-language", e.getMessage());
        }
        EmbeddedRun.barrier();
    }

    private static void crash(String dir) throws Exception {
        int crash = define(dir, "crash", new String[] {"IN VALUE"}, 1, "RETRY");
        ForeignTasks.submit(crash, null, new byte[][] {pickleInt(1)}, null, new long[] {1});
        result("crash", outcome(1));
    }

    /** The object's bytes, or the message of the wait's failure. */
    static Object outcome(long id) {
        try {
            return ForeignTasks.waitOn(id);
        } catch (Exception e) {
            return e.getMessage();
        }
    }

    private static int define(String dir, String function, String[] params, int returns, String onFailure) {
        return ForeignTasks.define("python", "tasks", function, dir, params, returns, new String[] {"computing_units=1"},
                false, false, onFailure, 0);
    }

    static void result(String name, Object value) throws Exception {
        byte[] bytes = value instanceof byte[] b ? b : String.valueOf(value).getBytes(StandardCharsets.UTF_8);
        Files.write(results.resolve(name + (value instanceof byte[] ? ".pickle" : ".txt")), bytes);
    }

    static byte[] pickleInt(int n) {
        return new byte[] {(byte) 0x80, 2, 'K', (byte) n, '.'};
    }

    static byte[] pickleEmptyList() {
        return new byte[] {(byte) 0x80, 2, ']', '.'};
    }

    static byte[] pickleString(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x80);
        b.write(2);
        b.write('X');
        for (int i = 0; i < 4; i++) {
            b.write((utf8.length >>> (8 * i)) & 0xff);
        }
        b.writeBytes(utf8);
        b.write('.');
        return b.toByteArray();
    }
}
