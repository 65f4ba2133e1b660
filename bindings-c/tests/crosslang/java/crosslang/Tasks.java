package crosslang;

import io.braid.streams.ObjectDistroStream;

public final class Tasks {
    private Tasks() {
    }

    public static Integer echo(ObjectDistroStream<byte[]> in, ObjectDistroStream<byte[]> out) throws Exception {
        int n = 0;
        while (true) {
            boolean closed = in.isClosed();
            for (byte[] r : in.poll(closed ? 0 : 500)) {
                byte[] reversed = new byte[r.length];
                for (int i = 0; i < r.length; i++) {
                    reversed[i] = r[r.length - 1 - i];
                }
                out.publish(reversed);
                n++;
            }
            if (closed) {
                out.close();
                return n;
            }
        }
    }
}
