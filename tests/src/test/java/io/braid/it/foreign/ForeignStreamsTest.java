package io.braid.it.foreign;

import io.braid.streams.ConsumerMode;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams between a main program that is not Java ({@link ForeignStreamsDriver}: handles of the
 * Java library, as libbraid's are) and Python tasks run by real {@code python3} processes on two
 * local workers, through the master's stream server and its embedded Kafka broker: the Python
 * handles make requests to their worker, which uses its own stream client.
 */
class ForeignStreamsTest {
    /** The tasks' module (stream_tasks.py). */
    static final String STREAM_TASKS = """
            import os

            from braid.streams.distro_stream import BackendException, FileDistroStream, ObjectDistroStream


            def _drain(stream, marker=None):
                got = []
                while not stream.is_closed():
                    new = stream.poll(200)
                    got.extend(new)
                    if new and marker and not os.path.exists(marker):
                        open(marker, "w").close()
                got.extend(stream.poll())
                return got


            def consume(stream, marker):
                return sorted(_drain(stream, marker), key=repr)


            def consume_alias(alias, mode):
                stream = ObjectDistroStream(alias=alias, access_mode=mode)
                return [stream.get_consumer_mode()] + sorted(_drain(stream), key=repr)


            def produce(stream, n):
                for i in range(n):
                    stream.publish(("py-%d" % i).encode())
                stream.publish(b"raw")
                stream.publish_list([{"n": n}, (1, 2)])


            def produce_alias(alias, n):
                stream = ObjectDistroStream(alias=alias, access_mode="EXACTLY_ONCE")
                stream.publish_list([("alias-%d" % i).encode() for i in range(n)])
                stream.close()
                return stream.get_stream_id()


            def write_files(stream, n):
                for i in range(n):
                    with open(os.path.join(stream.base_dir, "py-%d.txt" % i), "w") as f:
                        f.write("file %d" % i)
                stream.close()


            def read_files(stream):
                return sorted((os.path.basename(p), open(p).read()) for p in _drain(stream))


            def read_java_object(stream):
                try:
                    return ("read", _drain(stream))
                except BackendException as e:
                    return str(e)


            def take_some(alias):
                stream = ObjectDistroStream(alias=alias, access_mode="AT_LEAST_ONCE")
                got = []
                while not got:
                    got.extend(stream.poll(200))
                return sorted(got)


            def publish_after_close(stream):
                stream.publish(b"once")
                stream.close()
                stream.publish(b"twice")  # no reply: refused on the task's next request that has one
                try:
                    stream.is_closed()
                    return "published after close"
                except BackendException as e:
                    return str(e)


            def poll_output(stream):
                try:
                    return ("polled", stream.poll())
                except BackendException as e:
                    return str(e)
            """;

    @Test
    void pythonTasksReadAndWriteTheMainProgramsStreamsInEveryConsumerMode() throws Exception {
        ForeignTasksTest.Run r = ForeignTasksTest.run("streams", "stream_tasks.py", STREAM_TASKS);
        Map<String, String> v = r.values();
        for (ConsumerMode mode : ConsumerMode.values()) {
            // Java -> Python: strings as str, byte[] as bytes, including what came while the task ran.
            assertEquals("['a0', 'a1', 'a2', 'b0', 'b1', b'\\x01\\x02\\x03']", v.get("j2p-" + mode), r.explain());
            // Python -> Java: bytes as byte[], other objects as tagged pickles; the worker closed the
            // task's writer when it returned, so the main program's drain ended.
            assertEquals("bytes:py-0,bytes:py-1,bytes:py-2,bytes:raw,pickle,pickle", r.text("p2j-" + mode), r.explain());
            // By alias, the creator's mode wins.
            assertEquals("['" + mode + "', 'x', 'y']", v.get("alias-" + mode), r.explain());
            assertEquals("py-0.txt=file 0,py-1.txt=file 1,py-2.txt=file 2", r.text("files-p2j-" + mode), r.explain());
            assertEquals("[('java-0.txt', 'from java 0'), ('java-1.txt', 'from java 1')]", v.get("files-j2p-" + mode),
                    r.explain());
        }
        String created = v.get("alias-created-id");
        assertTrue(created != null && created.matches("'.+'"), r.explain());
        assertEquals("EXACTLY_ONCE", r.text("alias-created-mode"));
        assertEquals("bytes:alias-0,bytes:alias-1,bytes:alias-2,bytes:alias-3", r.text("alias-created"), r.explain());
        String javaObject = v.get("java-object");
        assertTrue(javaObject != null && javaObject.contains("java.lang.Integer")
                && javaObject.contains("a Python task reads elements that are byte[] or String"), r.explain());
        // The task's own reader was released when it returned: the main program reads the rest, once each.
        String taken = v.get("released-task");
        assertTrue(taken != null && taken.startsWith("['r"), r.explain());
        java.util.Set<String> all = new java.util.TreeSet<>();
        for (String s : taken.substring(1, taken.length() - 1).split(", ")) {
            assertTrue(all.add("str:" + s.substring(1, s.length() - 1)), taken);
        }
        for (String s : r.text("released-main").split(",")) {
            assertTrue(all.add(s), "read twice: " + s + " (task took " + taken + ")");
        }
        assertEquals(20, all.size(), all.toString());
        String afterClose = v.get("publish-after-close");
        assertTrue(afterClose != null && afterClose.contains("this handle has closed it")
                && afterClose.contains("publish (request "), r.explain());
        assertEquals("bytes:once", r.text("publish-after-close-main"), r.explain());
        assertTrue(v.get("poll-output").contains("it is only written here"), r.explain());
        assertTrue(r.text("unknown-stream").startsWith("task stream_tasks.read_files parameter 1 (STREAM_IN): stream"
                + " no-such-stream: "), r.text("unknown-stream"));
        assertEquals("ok", r.text("stop"), r.explain());
    }
}
