package io.braid.comm.codec;

import io.braid.comm.message.Heartbeat;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jackson is loaded only for the messages it encodes: the two of every task (RunTask, TaskDone)
 * have hand-written bodies, and a worker that exchanges nothing else never pays Jackson's
 * start-up (docs/performance/clusters.md). Checked in a class loader of its own, so that what
 * other tests of this JVM loaded does not count.
 */
class LazyJacksonTest {

    /** Runs in the isolated loader: the codec's work, with that loader's classes. */
    public static final class Probe {
        public static void handWritten() {
            ByteBuf b = Unpooled.buffer();
            RunTask job = new RunTask(7, 7, "C", "m", List.of(), false, List.of(), null, false, 1);
            MessageCodec.encode(job, b);
            assertEquals(job, MessageCodec.decode(b));
            TaskDone done = new TaskDone(7L, List.of("a"), List.of(1L), 0, 0, "e");
            MessageCodec.encode(done, b.clear());
            assertEquals(done, MessageCodec.decode(b));
        }

        public static void jacksonEncoded() {
            ByteBuf b = Unpooled.buffer();
            MessageCodec.encode(new Heartbeat(), b);
            assertTrue(MessageCodec.decode(b) instanceof Heartbeat);
        }
    }

    /** Loads every class itself (the platform loader above it), and says which it loaded. */
    private static final class Isolated extends URLClassLoader {
        Isolated(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    @Test
    void handWrittenMessagesLeaveJacksonUnloadedAndAJacksonEncodedOneLoadsIt() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(new File(entry).toURI().toURL());
        }
        String mapper = com.fasterxml.jackson.databind.ObjectMapper.class.getName();
        try (Isolated loader = new Isolated(urls.toArray(URL[]::new))) {
            Class<?> probe = Class.forName(Probe.class.getName(), true, loader);
            probe.getMethod("handWritten").invoke(null);
            assertTrue(loader.loaded(MessageCodec.class.getName()), "the probe ran the isolated codec");
            assertFalse(loader.loaded(mapper), "RunTask and TaskDone loaded Jackson");
            probe.getMethod("jacksonEncoded").invoke(null);
            assertTrue(loader.loaded(mapper), "a Heartbeat is Jackson-encoded: Jackson is loaded now");
        }
    }
}
