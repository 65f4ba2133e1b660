package io.braid.streams;

import io.braid.streams.internals.client.InMemoryObjectBackend;
import io.braid.streams.internals.client.TestStreamServer;
import io.braid.streams.internals.records.SerializerChoice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The process's serializer ({@code braid.streams.serializer}) through the public API, over a real
 * stream server and the in-memory stand-in for Kafka (whose raw records the tests inspect and forge).
 */
class StreamSerializerTest {

    static final String UTF8 = Utf8StringSerializer.class.getName();

    TestStreamServer s;

    @BeforeEach
    void start() throws Exception {
        s = new TestStreamServer(300, null);
        s.install("app");
    }

    @AfterEach
    void stop() {
        System.clearProperty(SerializerChoice.PROPERTY);
        s.close();
    }

    /** The raw records of {@code stream} not yet taken by application {@code app}. */
    static List<byte[]> rawRecords(String stream, String app) throws Exception {
        return new InMemoryObjectBackend().subscriber(stream, app, ConsumerMode.AT_MOST_ONCE).drain();
    }

    /** A record as docs/STREAMS.md lays it out: 0xB5, version 1, name length, name, value. */
    static byte[] frame(String serializer, byte[] payload) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] name = serializer.getBytes(StandardCharsets.UTF_8);
        b.write(0xB5);
        b.write(1);
        b.write(name.length);
        b.writeBytes(name);
        b.writeBytes(payload);
        return b.toByteArray();
    }

    @Test
    void customSerializerRoundTripsAndWritesItsOwnBytes() throws Exception {
        System.setProperty(SerializerChoice.PROPERTY, UTF8);
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        List<String> sent = List.of("héllo", "wörld", "", "日本");
        stream.publish(sent);
        stream.close();
        List<byte[]> raw = rawRecords(stream.getId(), "inspector");
        assertEquals(sent.size(), raw.size());
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(frame(UTF8, sent.get(i).getBytes(StandardCharsets.UTF_8)), raw.get(i),
                    "record " + i + " is the serializer's bytes behind the header");
        }
        assertEquals(sent, ObjectDistroStreamTest.pollAll(stream));
    }

    @Test
    void defaultIsJavaSerialisation() throws Exception {
        ObjectDistroStream<Object> stream = new ObjectDistroStream<>();
        stream.publish(List.of(1, "two"));
        byte[] r = rawRecords(stream.getId(), "inspector").get(0);
        String name = JavaStreamSerializer.class.getName();
        byte[] header = Arrays.copyOf(frame(name, new byte[0]), 3 + name.length());
        assertArrayEquals(header, Arrays.copyOf(r, header.length));
        assertEquals(0xAC, r[header.length] & 0xFF, "Java serialisation's stream magic follows the header");
        stream.close();
        assertEquals(List.of(1, "two"), ObjectDistroStreamTest.pollAll(stream));
    }

    @Test
    void recordTheSerializerCannotReadNamesStreamAndSerializer() throws Exception {
        System.setProperty(SerializerChoice.PROPERTY, UTF8);
        ObjectDistroStream<String> stream = new ObjectDistroStream<>("utf8-bad");
        new InMemoryObjectBackend().publisher(stream.getId()).publish(List.of(frame(UTF8, new byte[] {(byte) 0xFF, 0x41})));
        BackendException e = assertThrows(BackendException.class, () -> stream.poll(1000));
        assertTrue(e.getMessage().contains("cannot read a record of stream " + stream.getId() + " ('utf8-bad')")
                && e.getMessage().contains(UTF8) && e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void valueTheSerializerCannotWriteNamesStreamSerializerAndClass() throws Exception {
        System.setProperty(SerializerChoice.PROPERTY, UTF8);
        ObjectDistroStream<Object> stream = new ObjectDistroStream<>();
        BackendException e = assertThrows(BackendException.class, () -> stream.publish(42));
        assertTrue(e.getMessage().contains(stream.getId()) && e.getMessage().contains(UTF8)
                && e.getMessage().contains("java.lang.Integer"), e.getMessage());
    }

    @Test
    void readerWithAnotherSerializerIsToldInsteadOfMisreading() throws Exception {
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        stream.publish("written with Java serialisation");
        System.setProperty(SerializerChoice.PROPERTY, UTF8);
        BackendException e = assertThrows(BackendException.class, () -> stream.poll(1000));
        assertTrue(e.getMessage().contains(stream.getId())
                && e.getMessage().contains("written with serializer " + JavaStreamSerializer.class.getName())
                && e.getMessage().contains("this process uses " + UTF8)
                && e.getMessage().contains(SerializerChoice.PROPERTY), e.getMessage());
    }

    @Test
    void recordWithoutHeaderIsRefused() throws Exception {
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        new InMemoryObjectBackend().publisher(stream.getId()).publish(List.of("raw".getBytes(StandardCharsets.UTF_8)));
        BackendException e = assertThrows(BackendException.class, () -> stream.poll(1000));
        assertTrue(e.getMessage().contains(stream.getId()) && e.getMessage().contains("no serializer header"),
                e.getMessage());
    }

    @Test
    void unusableSerializerClassIsNamedAndLosesNoRecord() throws Exception {
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        stream.publish(List.of("a", "b"));
        for (String bad : List.of("no.such.Serializer", "java.lang.String", NoDefaultConstructor.class.getName())) {
            System.setProperty(SerializerChoice.PROPERTY, bad);
            BackendException e = assertThrows(BackendException.class, () -> stream.publish("c"));
            assertTrue(e.getMessage().contains(stream.getId()) && e.getMessage().contains(bad)
                    && e.getMessage().contains(SerializerChoice.PROPERTY), e.getMessage());
            e = assertThrows(BackendException.class, stream::poll);
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
        System.clearProperty(SerializerChoice.PROPERTY);
        stream.close();
        assertEquals(List.of("a", "b"), new ArrayList<>(ObjectDistroStreamTest.pollAll(stream)));
    }

    public static final class NoDefaultConstructor implements StreamSerializer {
        public NoDefaultConstructor(String unused) {
        }

        @Override
        public byte[] serialize(Object value) {
            return new byte[0];
        }

        @Override
        public Object deserialize(byte[] data) {
            return null;
        }
    }
}
