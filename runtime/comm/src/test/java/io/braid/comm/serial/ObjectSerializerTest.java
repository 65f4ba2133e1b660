package io.braid.comm.serial;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import serialtestapp.Point;

import java.beans.PropertyChangeSupport;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectSerializerTest {
    private final ObjectSerializer serializer = new ObjectSerializer(ObjectSerializerTest.class.getClassLoader());

    @Test
    void applicationClassesAndJdkValuesRoundTrip() throws Exception {
        Map<String, Object> value = new HashMap<>();
        value.put("point", new Point(3, new ArrayList<>(List.of("a", "b"))));
        value.put("decimal", new BigDecimal("1.50"));
        value.put("duration", Duration.ofMillis(42));
        value.put("array", new int[][] {{1, 2}, {3}});
        value.put("list", List.of(1L, 2L));
        @SuppressWarnings("unchecked")
        Map<String, Object> back = (Map<String, Object>) serializer.deserialize(serializer.serialize(value));
        Point p = (Point) back.get("point");
        assertEquals(3, p.x);
        assertEquals(List.of("a", "b"), p.tags);
        assertEquals(new BigDecimal("1.50"), back.get("decimal"));
        assertEquals(Duration.ofMillis(42), back.get("duration"));
        assertEquals(3, ((int[][]) back.get("array"))[1][0]);
        assertEquals(List.of(1L, 2L), back.get("list"));
    }

    @Test
    void byteBuffersTravelWithTheirContentPositionLimitAndOrder() throws Exception {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, 0x01020304).position(1).limit(6);
        java.nio.ByteBuffer back = (java.nio.ByteBuffer) serializer.deserialize(serializer.serialize(b));
        assertEquals(b, back);
        assertEquals(8, back.capacity());
        assertEquals(java.nio.ByteOrder.LITTLE_ENDIAN, back.order());
        assertEquals(0x01020304, back.getInt(0));

        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(4).put(new byte[] {9, 8, 7, 6}).flip();
        @SuppressWarnings("unchecked")
        List<Object> inList = (List<Object>) serializer.deserialize(serializer.serialize(new ArrayList<>(List.of(direct))));
        java.nio.ByteBuffer heap = (java.nio.ByteBuffer) inList.get(0);
        assertTrue(heap.hasArray(), "a direct buffer comes back on the heap");
        assertEquals(direct, heap);
        assertTrue(((java.nio.ByteBuffer) serializer.deserialize(serializer.serialize(heap.asReadOnlyBuffer())))
                .isReadOnly());
    }

    @Test
    void jdkClassesOutsideTheValuePackagesAreRejected() throws Exception {
        byte[] bytes = serializer.serialize(new PropertyChangeSupport("source"));
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> serializer.deserialize(bytes));
        assertTrue(e.getMessage().contains("java.beans.PropertyChangeSupport"), e.getMessage());
        assertTrue(e.getMessage().contains("rejected by Braid's deserialisation filter"), e.getMessage());
    }

    @Test
    void braidsOwnLibrariesAreRejectedEvenOnTheApplicationsLoader() throws Exception {
        byte[] bytes = serializer.serialize(new ObjectMapper());
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> serializer.deserialize(bytes));
        assertTrue(e.getMessage().contains("com.fasterxml.jackson.databind.ObjectMapper"), e.getMessage());
    }

    @Test
    void unserialisableValueNamesItsClass() {
        NotSerializableException e = assertThrows(NotSerializableException.class,
                () -> serializer.serialize(List.of(new Object())));
        assertEquals("class java.lang.Object is not Serializable: task data must implement java.io.Serializable",
                e.getMessage());
    }

    @Test
    void serializeAfterIsThePrefixThenTheSameBytesForSmallLargeAndBoxedValues() throws Exception {
        byte[] prefix = {(byte) 0xB5, 1, 2, 'a', 'b'};
        byte[] large = new byte[(1 << 20) + 3]; // across many chunks, the last one partly filled
        new java.util.Random(7).nextBytes(large);
        for (Object value : new Object[] {large, new byte[0], "text", 42, new ArrayList<>(List.of("x", 7L)), null}) {
            byte[] plain = serializer.serialize(value);
            byte[] after = serializer.serializeAfter(prefix, value);
            assertEquals(prefix.length + plain.length, after.length);
            assertArrayEquals(prefix, Arrays.copyOfRange(after, 0, prefix.length));
            assertArrayEquals(plain, Arrays.copyOfRange(after, prefix.length, after.length));
        }
        assertArrayEquals(large, (byte[]) serializer.deserialize(serializer.serialize(large)));
    }

    @Test
    void hookSeesEveryObjectWritten() throws Exception {
        List<Object> seen = new ArrayList<>();
        serializer.serialize(new ArrayList<>(List.of("x", 7)), o -> {
            seen.add(o);
            return o;
        });
        assertTrue(seen.contains("x") && seen.contains(7), seen.toString());
    }
}
