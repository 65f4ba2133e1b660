package io.braid.worker.execution.c;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A RESULT: the return's VALUE bytes (null for void) and each out/inout argument's new VALUE
 * bytes by argument index, or the task's error line.
 */
record CTaskResult(boolean ok, byte[] returned, Map<Integer, byte[]> updated, String error) {
    static final int RESULT = 3;

    /** Parses the RESULT of task {@code id}; a malformed one is an {@link IllegalStateException}. */
    static CTaskResult parse(byte[] frame, long id) {
        ByteBuffer b = ByteBuffer.wrap(frame);
        try {
            if (b.get() != RESULT) {
                throw new IllegalStateException("braid-c-worker answered a TASK with message type " + frame[0]);
            }
            long got = b.getLong();
            if (got != id) {
                throw new IllegalStateException("braid-c-worker answered task " + got + ", " + id + " was asked");
            }
            if (b.get() != 0) {
                return new CTaskResult(false, null, Map.of(), CLibrary.str(b));
            }
            int retType = b.get() & 0xff;
            byte[] returned = retType == CTypes.VOID ? null : value(b, retType);
            int n = b.getInt();
            Map<Integer, byte[]> updated = new HashMap<>();
            for (int i = 0; i < n; i++) {
                int index = b.getInt();
                updated.put(index, value(b, b.get() & 0xff));
            }
            return new CTaskResult(true, returned, updated, null);
        } catch (java.nio.BufferUnderflowException e) {
            throw new IllegalStateException("braid-c-worker sent a RESULT cut short");
        }
    }

    private static byte[] value(ByteBuffer b, int type) {
        int start = b.position();
        if (CTypes.skipValue(b, type) < 0) {
            throw new IllegalStateException("braid-c-worker sent a RESULT whose " + CTypes.name(type, null)
                    + " value is cut short");
        }
        return Arrays.copyOfRange(b.array(), start, b.position());
    }
}
