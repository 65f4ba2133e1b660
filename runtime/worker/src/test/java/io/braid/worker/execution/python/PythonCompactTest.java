package io.braid.worker.execution.python;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compact task frames' bytes against the layout docs/DESIGN.md gives (the Python side is
 * tested against the same layout in bindings-python/tests/test_worker_compact.py), which requests
 * fall back to JSON, and results that do not fit their frame. PythonInvokerTest and PythonJobsTest
 * run the compact frames through real Python processes.
 */
class PythonCompactTest {
    private static final byte[] PICKLE = {(byte) 0x80, 5, 'K', 1, '.'};

    @Test
    void aTaskFrameHasTheDocumentedLayout() throws IOException {
        PythonTaskCall call = new PythonTaskCall(42, "mod", "f", List.of(PythonArg.value(PICKLE, "INOUT"),
                PythonArg.file("/d/é", "OUT")), 1, List.of(), 0, null, null, null, List.of("/app"));
        assertTrue(PythonCompact.fits(call));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeLong(42);
        out.writeShort(3);
        out.writeBytes("mod");
        out.writeShort(1);
        out.writeBytes("f");
        out.writeByte(1);
        out.writeShort(1);
        out.writeInt(4);
        out.writeBytes("/app");
        out.writeShort(2);
        out.writeByte(0);
        out.writeByte(2);
        out.writeInt(PICKLE.length);
        out.write(PICKLE);
        byte[] path = "/d/é".getBytes(StandardCharsets.UTF_8);
        out.writeByte(1);
        out.writeByte(1);
        out.writeInt(path.length);
        out.write(path);
        assertArrayEquals(expected.toByteArray(), PythonCompact.task(call));
    }

    @Test
    void requestsWithMoreThanInlinePicklesAndPathsGoAsJson() {
        List<PythonArg> plain = List.of(PythonArg.value(PICKLE, "IN"));
        assertFalse(PythonCompact.fits(new PythonTaskCall(1, "m", "f", plain, 1, List.of("/r"), 0, null, null, null)));
        assertFalse(PythonCompact.fits(new PythonTaskCall(1, "m", "f", plain, 1, List.of(), 5, null, null, null)));
        assertFalse(PythonCompact.fits(new PythonTaskCall(1, "m", "f", plain, 1, List.of(), 0, "/o", null, null)));
        assertFalse(PythonCompact.fits(new PythonTaskCall(1, "m", "f", plain, 1, List.of(), 0, null, null, "/cwd")));
        assertFalse(PythonCompact.fits(PythonTaskCall.of(1, "m", "f", List.of(PythonArg.collection("IN", plain)), 1)));
        assertFalse(PythonCompact.fits(PythonTaskCall.of(1, "m", "f", List.of(PythonArg.literal(3)), 1)));
        assertFalse(PythonCompact.fits(PythonTaskCall.of(1, "m", "f",
                List.of(PythonArg.objectFile("/p", "IN", null)), 1)));
        assertTrue(PythonCompact.fits(PythonTaskCall.of(1, "m", "f", plain, 1)));
    }

    @Test
    void aResultFrameGivesItsReturnsAndUpdatedArguments() throws IOException {
        byte[] frame = result(out -> {
            out.writeByte(2);
            out.writeInt(PICKLE.length);
            out.write(PICKLE);
            out.writeInt(0);
            out.writeShort(1);
            out.writeShort(3);
            out.writeByte(2);
            out.writeInt(1);
            out.writeInt(4);
            out.writeInt(1);
            out.writeByte('x');
        });
        PythonTaskResult r = read(frame, frame.length);
        assertTrue(r.ok());
        assertEquals(2, r.returns().size());
        assertArrayEquals(PICKLE, r.returns().get(0).pickle());
        assertArrayEquals(new byte[0], r.returns().get(1).pickle());
        PythonTaskResult.Updated u = r.updated().get(0);
        assertEquals("3", u.arg());
        assertEquals(List.of(1, 4), u.item());
        assertArrayEquals(new byte[] {'x'}, u.value().pickle());
    }

    @Test
    void aResultWhosePickleRunsPastItsFrameIsAProtocolError() throws IOException {
        byte[] frame = result(out -> {
            out.writeByte(1);
            out.writeInt(100);
            out.write(PICKLE);
            out.writeShort(0);
        });
        IOException e = assertThrows(IOException.class, () -> read(frame, frame.length));
        assertTrue(e.getMessage().contains("past its frame"), e.getMessage());
        byte[] longer = result(out -> {
            out.writeByte(0);
            out.writeShort(0);
            out.writeByte(9);
        });
        e = assertThrows(IOException.class, () -> read(longer, longer.length));
        assertTrue(e.getMessage().contains("1 bytes longer"), e.getMessage());
    }

    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** A result frame: type byte, id 9, then {@code body}. */
    private static byte[] result(Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(2);
        out.writeLong(9);
        body.write(out);
        return bytes.toByteArray();
    }

    /** As PythonFrames reads it: the type byte taken, the rest from the stream (followed by another frame's bytes). */
    private static PythonTaskResult read(byte[] frame, int length) throws IOException {
        byte[] withNext = java.util.Arrays.copyOf(frame, frame.length + 8);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(withNext));
        assertEquals(2, in.readUnsignedByte());
        return PythonCompact.result(in, length);
    }
}
