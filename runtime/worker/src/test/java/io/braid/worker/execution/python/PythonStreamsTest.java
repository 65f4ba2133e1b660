package io.braid.worker.execution.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.StreamType;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.server.DistroStreamServer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java half of Python tasks' streams: a real {@code python3 -m braid.worker} whose stream
 * requests {@link PythonStreams} performs with this JVM's stream client, against a real stream
 * server (file streams: no broker needed; object streams with Kafka are ForeignStreamsTest's), or
 * handles of the test's own whose poll waits for a publish (a task's requests answered concurrently).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PythonStreamsTest {
    private static final Path BRAID_SRC = Path.of("../../bindings-python/src").toAbsolutePath().normalize();

    @TempDir
    Path tmp;
    private DistroStreamServer server;
    private PythonInvoker invoker;

    @BeforeEach
    void start() throws Exception {
        server = DistroStreamServer.builder().host("127.0.0.1").port(0)
                .allowedTypes(EnumSet.of(StreamType.FILE), " (file streams only in this test)").start();
        DistroStreamClient.install(new DistroStreamClient(server.address(), "python-streams-test", null, 10_000));
        Path app = Files.createDirectories(tmp.resolve("app"));
        Files.writeString(app.resolve("streamtasks.py"), String.join("\n",
                "import os",
                "from braid.streams.distro_stream import BackendException, FileDistroStream",
                "def drain(stream):",
                "    names = []",
                "    while not stream.is_closed():",
                "        names.extend(os.path.basename(p) for p in stream.poll(200))",
                "    names.extend(os.path.basename(p) for p in stream.poll())",
                "    return sorted(names)",
                "def write_by_alias(alias, base):",
                "    stream = FileDistroStream(alias=alias, base_dir=base)",
                "    with open(os.path.join(stream.base_dir, 'one.txt'), 'w') as f:",
                "        f.write('1')",
                "    stream.publish(os.path.join(stream.base_dir, 'one.txt'))",
                "    stream.publish('/elsewhere.txt')",  // no reply: refused on the next request that has one
                "    try:",
                "        stream.is_closed()",
                "    except BackendException as e:",
                "        return [stream.get_stream_id(), str(e)]",
                "def wait_at(gate):",
                "    return gate.poll(60000)",
                "def publish_one(out, value):",
                "    out.publish(value)",
                "    return 'published'",
                "def wait_at_while_publishing(gate, out):",
                "    import threading",
                "    got = []",
                "    waiting = threading.Thread(target=lambda: got.extend(gate.poll(60000)))",
                "    waiting.start()",
                "    out.publish(b'from the main thread')",
                "    waiting.join()",
                "    return got",
                "def publish_in_order(out):",
                "    for i in range(5):",
                "        out.publish(str(i).encode())",
                "    seen = out.poll()",  // after the publishes in the pipe: sees them all
                "    out.publish(b'bad')",
                "    out.publish(b'5')",
                "    out.publish(b'bad')",
                "    try:",
                "        out.poll()",
                "        return [seen, 'no error']",
                "    except BackendException as e:",
                "        return [seen, str(e), out.poll()]",  // reported once: the next request is performed
                "def publish_bad_last(out):",
                "    out.publish(b'bad')",
                "    return 'returned'",
                ""));
        invoker = new PythonInvoker(new PythonSettings(List.of("python3"), List.of(app), List.of(BRAID_SRC),
                tmp.resolve("logs")));
    }

    @AfterEach
    void stop() {
        invoker.close();
        DistroStreamClient.install(null);
        server.close();
    }

    @Test
    void aStreamInParameterReadsWhatJavaWritesWhileTheTaskRuns() throws Exception {
        FileDistroStream stream = new FileDistroStream(tmp.resolve("frames").toString());
        FileDistroStream param = (FileDistroStream) StreamHandles.attach(stream.getId());
        StreamHandles.restrict(param, StreamAccess.READ_ONLY);
        PythonStreams streams = new PythonStreams();
        PythonArg arg = streams.param(param, "IN");
        CompletableFuture<PythonTaskResult> task = CompletableFuture.supplyAsync(() -> {
            try {
                return invoker.run(0, PythonTaskCall.of(1, "streamtasks", "drain", List.of(arg), 1), streams);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        for (int i = 0; i < 3; i++) {
            Files.writeString(Path.of(stream.getBaseDir()).resolve("f" + i + ".txt"), "x");
        }
        stream.close();
        PythonTaskResult r = task.get(60, TimeUnit.SECONDS);
        assertTrue(r.ok(), r.traceback());
        assertEquals("['f0.txt', 'f1.txt', 'f2.txt']", repr(r));
        assertEquals(1, streams.size());
        streams.release();
        assertEquals(0, streams.size());
    }

    @Test
    void aStreamTheTaskOpensByAliasIsTheJavaLibrarysAndItsRefusalsReachPython() throws Exception {
        PythonStreams streams = new PythonStreams();
        String base = tmp.resolve("by-alias").toString();
        PythonTaskResult r = invoker.run(0, PythonTaskCall.of(2, "streamtasks", "write_by_alias",
                List.of(PythonArg.literal("made-in-python"), PythonArg.literal(base)), 1), streams);
        assertTrue(r.ok(), r.traceback());
        assertEquals(1, streams.size(), "the task's own handle, until the task is released");
        streams.release();
        String text = repr(r);
        assertTrue(text.contains("it is not inside the stream's base directory " + base), text);
        assertTrue(text.contains("publish (request "), text);
        assertTrue(text.contains("so the is_closed asked after it was not performed"), text);
        // The stream is the Java library's: Java attaches by alias and reads the file Python published.
        FileDistroStream same = new FileDistroStream("made-in-python", base);
        assertTrue(text.startsWith("['" + same.getId() + "'"), text);
        assertEquals(List.of(Path.of(base, "one.txt").toString()), same.poll(10_000));
    }

    @Test
    void aTaskWaitingInAPollDoesNotHoldUpAnotherTasksPublishOnTheSameWorker() throws Exception {
        Gate gate = new Gate();
        Gate out = new Gate(); // only published on: its publish opens the gate
        out.onPublish = gate::open;
        PythonStreams waitingStreams = new PythonStreams();
        PythonArg gateArg = waitingStreams.param(gate, "IN");
        CompletableFuture<PythonTaskResult> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return invoker.run(0, PythonTaskCall.of(3, "streamtasks", "wait_at", List.of(gateArg), 1), waitingStreams);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(gate.pollStarted.await(60, TimeUnit.SECONDS), "the first task's poll reached the worker");
        // Executor 1's process, while executor 0's task waits in its poll.
        PythonStreams publishingStreams = new PythonStreams();
        PythonTaskResult published = invoker.run(1, PythonTaskCall.of(4, "streamtasks", "publish_one",
                List.of(publishingStreams.param(out, "OUT"), PythonArg.literal("x")), 1), publishingStreams);
        assertTrue(published.ok(), published.traceback());
        assertEquals("'published'", repr(published));
        PythonTaskResult r = waiting.get(60, TimeUnit.SECONDS);
        assertTrue(r.ok(), r.traceback());
        assertEquals("[b'opened']", repr(r), "the poll ended because the other task's publish opened the gate");
        assertFalse(gate.timedOut, "the publish came while the poll waited");
    }

    @Test
    void aTasksPublishGoesOnWhileAnotherOfItsThreadsWaitsInAPoll() throws Exception {
        Gate gate = new Gate();
        Gate out = new Gate();
        out.onPublish = gate::open;
        PythonStreams streams = new PythonStreams();
        PythonTaskResult r = invoker.run(0, PythonTaskCall.of(5, "streamtasks", "wait_at_while_publishing",
                List.of(streams.param(gate, "IN"), streams.param(out, "OUT")), 1), streams);
        assertTrue(r.ok(), r.traceback());
        assertEquals("[b'opened']", repr(r));
        assertFalse(gate.timedOut, "the main thread's publish came while the receiving thread's poll waited");
        assertEquals(List.of("from the main thread"), out.published);
    }

    @Test
    void publishesWithoutRepliesAreAppliedInPipeOrderAndAFailureIsTheNextRequestsError() throws Exception {
        Recorder out = new Recorder();
        PythonStreams streams = new PythonStreams();
        PythonTaskResult r = invoker.run(0, PythonTaskCall.of(6, "streamtasks", "publish_in_order",
                List.of(streams.param(out, "OUT")), 1), streams);
        assertTrue(r.ok(), r.traceback());
        String text = repr(r);
        assertTrue(text.startsWith("[[b'0', b'1', b'2', b'3', b'4'], "), "the poll saw the publishes before it: " + text);
        assertTrue(text.contains("publish (request "), text);
        assertTrue(text.contains(" on stream " + out.getId() + " failed: " + out.getId() + " refuses b'bad'"), text);
        assertTrue(text.contains("(and 1 later publish of the task failed too)"), text);
        assertTrue(text.contains("so the poll asked after it was not performed"), text);
        assertTrue(text.endsWith(", [b'0', b'1', b'2', b'3', b'4', b'5']]"), "the poll after the report: " + text);
        assertEquals(List.of("0", "1", "2", "3", "4", "5"), out.published, "the publish after a failed one still went");
        assertEquals(2, out.polls.get(), "the poll that reported the failure was not performed");
    }

    @Test
    void aPublishFailureNoLaterRequestReportedFailsTheTaskAndTheNextTaskIsServed() throws Exception {
        Recorder out = new Recorder();
        PythonStreams streams = new PythonStreams();
        PythonTaskResult r = invoker.run(0, PythonTaskCall.of(7, "streamtasks", "publish_bad_last",
                List.of(streams.param(out, "OUT")), 1), streams);
        assertFalse(r.ok(), "the task returned, but its publish failed");
        assertEquals("BackendException", r.errorType());
        String line = new PythonTaskException("streamtasks.publish_bad_last", r).getMessage();
        assertFalse(line.contains("\n"), line);
        assertTrue(line.startsWith("Python task streamtasks.publish_bad_last raised BackendException: publish (request "),
                line);
        assertTrue(line.contains(" on stream " + out.getId() + " failed: " + out.getId() + " refuses b'bad'"), line);
        // The failure was reported once, and the process's pipe is in step for its next task.
        Recorder next = new Recorder();
        PythonStreams nextStreams = new PythonStreams();
        PythonTaskResult ok = invoker.run(0, PythonTaskCall.of(8, "streamtasks", "publish_one",
                List.of(nextStreams.param(next, "OUT"), PythonArg.literal("x")), 1), nextStreams);
        assertTrue(ok.ok(), ok.traceback());
        assertEquals("'published'", repr(ok));
    }

    /** A stream handle that records what is published (refusing b"bad") and whose poll returns it all. */
    private static final class Recorder extends TestHandle {
        final List<String> published = new CopyOnWriteArrayList<>();
        final AtomicInteger polls = new AtomicInteger();

        @Override
        public void publish(List<Object> elements) throws BackendException {
            for (Object e : elements) {
                String text = new String((byte[]) e, StandardCharsets.UTF_8);
                if (text.equals("bad")) {
                    throw new BackendException(id + " refuses b'bad'");
                }
                published.add(text);
            }
        }

        @Override
        public List<Object> poll() {
            polls.incrementAndGet();
            List<Object> all = new ArrayList<>();
            published.forEach(p -> all.add(p.getBytes(StandardCharsets.UTF_8)));
            return all;
        }

        @Override
        public List<Object> poll(long timeoutMs) {
            return poll();
        }
    }

    /**
     * A stream handle whose poll waits until {@link #open} (or 30 s: then it returns nothing and
     * notes it), and whose publish records the elements and runs {@link #onPublish}.
     */
    private static final class Gate extends TestHandle {
        final CountDownLatch pollStarted = new CountDownLatch(1);
        final CountDownLatch opened = new CountDownLatch(1);
        final List<String> published = new CopyOnWriteArrayList<>();
        volatile Runnable onPublish = () -> { };
        volatile boolean timedOut;

        void open() {
            opened.countDown();
        }

        @Override
        public List<Object> poll(long timeoutMs) {
            pollStarted.countDown();
            try {
                timedOut = !opened.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
            return timedOut ? List.of() : List.of("opened".getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public List<Object> poll() {
            return poll(0);
        }

        @Override
        public void publish(List<Object> elements) {
            elements.forEach(e -> published.add(new String((byte[]) e, StandardCharsets.UTF_8)));
            onPublish.run();
        }
    }

    /** A handle of the test's own, an object stream of this JVM only (its operations are the subclass's). */
    private abstract static class TestHandle implements DistroStream<Object> {
        private static final AtomicInteger IDS = new AtomicInteger();
        final String id = "handle-" + IDS.incrementAndGet();

        @Override
        public void publish(Object element) throws BackendException {
            publish(List.of(element));
        }

        @Override
        public String getId() {
            return id;
        }

        @Override
        public String getAlias() {
            return null;
        }

        @Override
        public StreamType getStreamType() {
            return StreamType.OBJECT;
        }

        @Override
        public ConsumerMode getConsumerMode() {
            return ConsumerMode.AT_MOST_ONCE;
        }

        @Override
        public boolean isClosed() {
            return false;
        }

        @Override
        public void close() {
        }
    }

    /** The task's single return, as Python's repr of it (read by a Python task of the same process kind). */
    private String repr(PythonTaskResult r) throws Exception {
        Path out = tmp.resolve("repr.txt");
        Path script = tmp.resolve("repr.py");
        Files.write(tmp.resolve("value.pickle"), r.returns().get(0).pickle());
        Files.writeString(script, "import pickle,sys\nopen(sys.argv[2],'w').write(repr(pickle.load(open(sys.argv[1],'rb'))))\n");
        Process p = new ProcessBuilder("python3", script.toString(), tmp.resolve("value.pickle").toString(),
                out.toString()).inheritIO().start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0);
        return Files.readString(out);
    }
}
