package overhead;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;
import java.util.List;

public final class Tasks {
    private Tasks() {
    }

    public static Blob make(int bytes, int seed) {
        return Blob.of(bytes, seed);
    }

    private static Long sum(Blob... blobs) {
        long s = 0;
        for (Blob b : blobs) {
            s += b.checksum();
        }
        return s;
    }

    public static Long sum1(Blob b0) {
        return sum(b0);
    }

    public static Long sum4(Blob b0, Blob b1, Blob b2, Blob b3) {
        return sum(b0, b1, b2, b3);
    }

    public static Long sum12(Blob b0, Blob b1, Blob b2, Blob b3, Blob b4, Blob b5, Blob b6, Blob b7, Blob b8, Blob b9, Blob b10, Blob b11) {
        return sum(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11);
    }

    public static Long sum16(Blob b0, Blob b1, Blob b2, Blob b3, Blob b4, Blob b5, Blob b6, Blob b7, Blob b8, Blob b9, Blob b10, Blob b11, Blob b12, Blob b13, Blob b14, Blob b15) {
        return sum(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15);
    }

    public static void publish(ObjectDistroStream<Blob> out, int count, int bytes) throws Exception {
        for (int i = 0; i < count; i++) {
            out.publish(Blob.of(bytes, i));
        }
    }

    public static Long sumStream(ObjectDistroStream<Blob> in, int count) throws Exception {
        List<Blob> got = new ArrayList<>();
        while (got.size() < count) {
            got.addAll(in.poll(1_000));
        }
        return sum(got.toArray(new Blob[0]));
    }
}
