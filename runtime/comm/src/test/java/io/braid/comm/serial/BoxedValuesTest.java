package io.braid.comm.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The boxed primitives' short cut writes and reads exactly what Java serialisation does. */
class BoxedValuesTest {
    private static final List<Object> VALUES = List.of(0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 123456789L,
            Long.MIN_VALUE, 3.25, Double.NaN, -0.0, 1.5f, true, false, (short) -7, (byte) 42, 'é', '\uffff');

    private static byte[] objectStream(Object v) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(v);
        }
        return bytes.toByteArray();
    }

    @Test
    void theBytesAreJavaSerialisationsAndReadBackTheSameValue() throws Exception {
        for (Object v : VALUES) {
            byte[] expected = objectStream(v);
            assertArrayEquals(expected, BoxedValues.write(v), () -> "bytes of " + v.getClass().getSimpleName() + " " + v);
            assertEquals(v, BoxedValues.read(expected), () -> "read " + v);
            assertEquals(v, new ObjectInputStream(new ByteArrayInputStream(BoxedValues.write(v))).readObject());
        }
    }

    @Test
    void otherValuesGoThroughTheObjectStream() throws Exception {
        assertNull(BoxedValues.write("text"));
        assertNull(BoxedValues.write(BigInteger.ONE));
        assertNull(BoxedValues.write(null));
        assertSame(BoxedValues.NOT_BOXED, BoxedValues.read(objectStream("text")));
        assertSame(BoxedValues.NOT_BOXED, BoxedValues.read(objectStream(List.of(1))));
        assertSame(BoxedValues.NOT_BOXED, BoxedValues.read(new byte[0]));
        ObjectSerializer s = new ObjectSerializer(getClass().getClassLoader());
        assertEquals(List.of(1, 2L), s.deserialize(s.serialize(List.of(1, 2L))));
        assertEquals(7, s.deserialize(s.serialize(7)));
    }
}
