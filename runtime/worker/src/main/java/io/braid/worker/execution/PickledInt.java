package io.braid.worker.execution;

/**
 * An int as the bytes of a Python pickle (protocol 2: PROTO 2, BININT little-endian, STOP), which
 * {@code pickle.loads} reads back as that int: the exit value of a program task a Python main
 * program defined, stored where a Python task's return would be (the main program and later
 * Python tasks read it as any other return).
 */
final class PickledInt {
    private PickledInt() {
    }

    static byte[] of(int value) {
        return new byte[] {(byte) 0x80, 2, 'J', (byte) value, (byte) (value >>> 8), (byte) (value >>> 16),
                (byte) (value >>> 24), '.'};
    }
}
