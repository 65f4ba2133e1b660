package io.braid.worker.execution.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.streams.FileDistroStream;
import io.braid.streams.StreamType;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.server.DistroStreamServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java half of Python tasks' streams: a real {@code python3 -m braid.worker} whose stream
 * requests {@link PythonStreams} performs with this JVM's stream client, against a real stream
 * server (file streams: no broker needed; object streams with Kafka are ForeignStreamsTest's).
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
                "    try:",
                "        stream.publish('/elsewhere.txt')",
                "    except BackendException as e:",
                "        return [stream.get_stream_id(), str(e)]",
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
        // The stream is the Java library's: Java attaches by alias and reads the file Python published.
        FileDistroStream same = new FileDistroStream("made-in-python", base);
        assertTrue(text.startsWith("['" + same.getId() + "'"), text);
        assertEquals(List.of(Path.of(base, "one.txt").toString()), same.poll(10_000));
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
