package io.braid.it.foreign;

import io.braid.launcher.embed.ForeignTasks;
import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.braid.it.foreign.ForeignDriver.pickleInt;
import static io.braid.it.foreign.ForeignDriver.pickleString;
import static io.braid.it.foreign.ForeignDriver.result;

/**
 * The "streams" scenario of {@link ForeignDriver}: the main program's streams are the Java
 * library's handles (as libbraid's are), its Python tasks (module stream_tasks, see
 * {@code ForeignStreamsTest}) take them as STREAM_IN / STREAM_OUT parameters or open them by
 * alias, in every consumer mode, and the two sides exchange records while both run.
 */
final class ForeignStreamsDriver {
    /** What a Python pickle published on a stream starts with (braid.streams._records.PICKLE_TAG). */
    private static final byte[] PICKLE_TAG = "\0braid-pickle\0".getBytes(StandardCharsets.ISO_8859_1);
    private static final long DEADLINE_MS = 120_000;

    private ForeignStreamsDriver() {
    }

    static void run(Path work, String dir) throws Exception {
        int consume = define(dir, "consume", "STREAM_IN", "IN VALUE");
        int consumeAlias = define(dir, "consume_alias", "IN VALUE", "IN VALUE");
        int produce = define(dir, "produce", "STREAM_OUT", "IN VALUE");
        int produceAlias = define(dir, "produce_alias", "IN VALUE", "IN VALUE");
        int writeFiles = define(dir, "write_files", "STREAM_OUT", "IN VALUE");
        int readFiles = define(dir, "read_files", "STREAM_IN");
        int readJavaObject = define(dir, "read_java_object", "STREAM_IN");
        int takeSome = define(dir, "take_some", "IN VALUE");
        int publishAfterClose = define(dir, "publish_after_close", "STREAM_OUT");
        int pollOutput = define(dir, "poll_output", "STREAM_OUT");
        long id = 1;

        for (ConsumerMode mode : ConsumerMode.values()) {
            // Java producer -> Python consumer (STREAM_IN), the second half published while the task runs.
            ObjectDistroStream<Object> toPython = new ObjectDistroStream<>("j2p-" + mode, mode);
            toPython.publish(List.of("a0", "a1", "a2"));
            toPython.publish(new byte[] {1, 2, 3});
            Path marker = work.resolve("polled-" + mode);
            long consumed = id++;
            ForeignTasks.submit(consume, null, new byte[][] {null, pickleString(marker.toString())},
                    new String[] {toPython.getId(), null}, new long[] {consumed});
            awaitFile(marker);
            toPython.publish(List.of("b0", "b1"));
            toPython.close();
            result("j2p-" + mode, ForeignTasks.waitOn(consumed));

            // Python producer (STREAM_OUT, closed by the worker when the task returns) -> Java consumer.
            ObjectDistroStream<Object> fromPython = new ObjectDistroStream<>(mode);
            ForeignTasks.submit(produce, null, new byte[][] {null, pickleInt(3)},
                    new String[] {fromPython.getId(), null}, null);
            result("p2j-" + mode, describe(drain(fromPython)));

            // Both sides by alias: Java writes, a Python task attaches and reads.
            ObjectDistroStream<Object> byAlias = new ObjectDistroStream<>("alias-" + mode, mode);
            byAlias.publish(List.of("x", "y"));
            byAlias.close();
            long aliased = id++;
            ForeignTasks.submit(consumeAlias, null, new byte[][] {pickleString("alias-" + mode),
                    pickleString(ConsumerMode.AT_MOST_ONCE.name())}, null, new long[] {aliased});
            result("alias-" + mode, ForeignTasks.waitOn(aliased));

            // File streams: Python writes files Java reads, Java writes files Python reads.
            FileDistroStream pyFiles = new FileDistroStream(work.resolve("py-files-" + mode).toString(), mode);
            ForeignTasks.submit(writeFiles, null, new byte[][] {null, pickleInt(3)}, new String[] {pyFiles.getId(), null},
                    null);
            List<String> names = new ArrayList<>();
            for (Object p : drain(pyFiles)) {
                names.add(Path.of((String) p).getFileName() + "=" + Files.readString(Path.of((String) p)));
            }
            result("files-p2j-" + mode, String.join(",", names.stream().sorted().toList()));
            FileDistroStream javaFiles = new FileDistroStream(work.resolve("java-files-" + mode).toString(), mode);
            long read = id++;
            ForeignTasks.submit(readFiles, null, null, new String[] {javaFiles.getId()}, new long[] {read});
            for (int i = 0; i < 2; i++) {
                Files.writeString(Path.of(javaFiles.getBaseDir()).resolve("java-" + i + ".txt"), "from java " + i);
            }
            javaFiles.close();
            result("files-j2p-" + mode, ForeignTasks.waitOn(read));
        }

        // A Python task creating a stream by alias; the main program attaches to it by alias.
        long created = id++;
        ForeignTasks.submit(produceAlias, null, new byte[][] {pickleString("made-in-python"), pickleInt(4)}, null,
                new long[] {created});
        result("alias-created-id", ForeignTasks.waitOn(created));
        ObjectDistroStream<Object> attached = new ObjectDistroStream<>("made-in-python");
        result("alias-created-mode", attached.getConsumerMode().name());
        result("alias-created", describe(drain(attached)));

        // A Java object that is neither byte[] nor String cannot reach Python: one line naming its type.
        ObjectDistroStream<Object> javaObjects = new ObjectDistroStream<>();
        javaObjects.publish(Integer.valueOf(7));
        javaObjects.close();
        long refused = id++;
        ForeignTasks.submit(readJavaObject, null, null, new String[] {javaObjects.getId()}, new long[] {refused});
        result("java-object", ForeignTasks.waitOn(refused));

        // A task's own handle is released when it returns: what its reader took is acknowledged and
        // what it did not take goes to the main program, which then reads each record once.
        ObjectDistroStream<Object> shared = new ObjectDistroStream<>("released", ConsumerMode.AT_LEAST_ONCE);
        for (int i = 0; i < 10; i++) {
            shared.publish("r" + i);
        }
        long taken = id++;
        ForeignTasks.submit(takeSome, null, new byte[][] {pickleString("released")}, null, new long[] {taken});
        result("released-task", ForeignTasks.waitOn(taken));
        for (int i = 10; i < 20; i++) {
            shared.publish("r" + i);
        }
        shared.close();
        result("released-main", describe(drain(shared)));

        // Misuse inside a task: publishing after close, polling a stream the task only writes.
        ObjectDistroStream<Object> closedLater = new ObjectDistroStream<>();
        long afterClose = id++;
        ForeignTasks.submit(publishAfterClose, null, null, new String[] {closedLater.getId()},
                new long[] {afterClose});
        result("publish-after-close", ForeignTasks.waitOn(afterClose));
        result("publish-after-close-main", describe(drain(closedLater)));
        ObjectDistroStream<Object> writeOnly = new ObjectDistroStream<>();
        long polled = id++;
        ForeignTasks.submit(pollOutput, null, null, new String[] {writeOnly.getId()}, new long[] {polled});
        result("poll-output", ForeignTasks.waitOn(polled));
        // A STREAM parameter naming no stream fails the submission with one line.
        try {
            ForeignTasks.submit(readFiles, null, null, new String[] {"no-such-stream"}, new long[] {id++});
            result("unknown-stream", "accepted");
        } catch (IllegalArgumentException e) {
            result("unknown-stream", e.getMessage());
        }
    }

    /** A task of module stream_tasks returning one value (none for {@code produce} and {@code write_files}). */
    private static int define(String dir, String function, String... params) {
        int returns = function.equals("produce") || function.equals("write_files") ? 0 : 1;
        return ForeignTasks.define("python", "stream_tasks", function, dir, params, returns,
                new String[] {"computing_units=1"}, false, false, "FAIL", 0);
    }

    /** "Poll until closed, then poll once more", within a deadline. */
    private static List<Object> drain(DistroStream<?> s) {
        long end = System.currentTimeMillis() + DEADLINE_MS;
        List<Object> got = new ArrayList<>();
        while (!s.isClosed()) {
            if (System.currentTimeMillis() > end) {
                throw new IllegalStateException("stream " + s.getId() + " not closed after " + DEADLINE_MS + " ms; read "
                        + got);
            }
            got.addAll(s.poll(200));
        }
        got.addAll(s.poll());
        return got;
    }

    /** The elements, sorted: str:TEXT, bytes:TEXT, or pickle (a Python object). */
    private static String describe(List<Object> elements) {
        List<String> out = new ArrayList<>();
        for (Object e : elements) {
            if (e instanceof String s) {
                out.add("str:" + s);
            } else if (e instanceof byte[] b) {
                boolean pickle = b.length > PICKLE_TAG.length
                        && Arrays.equals(Arrays.copyOf(b, PICKLE_TAG.length), PICKLE_TAG);
                out.add(pickle ? "pickle" : "bytes:" + new String(b, StandardCharsets.UTF_8));
            } else {
                out.add(e == null ? "null" : e.getClass().getName());
            }
        }
        return String.join(",", out.stream().sorted().toList());
    }

    private static void awaitFile(Path marker) throws InterruptedException {
        long end = System.currentTimeMillis() + DEADLINE_MS;
        while (!Files.exists(marker)) {
            if (System.currentTimeMillis() > end) {
                throw new IllegalStateException("the consumer task did not poll within " + DEADLINE_MS + " ms: no "
                        + marker);
            }
            Thread.sleep(20);
        }
    }
}
