package overhead;

import java.io.Serializable;

/** A block of bytes whose checksum the consumer computes (so the data is really read). */
public class Blob implements Serializable {
    private static final long serialVersionUID = 1L;

    public byte[] data;

    public Blob() {
    }

    static Blob of(int bytes, int seed) {
        Blob b = new Blob();
        b.data = new byte[bytes];
        for (int i = 0; i < bytes; i += 4096) {
            b.data[i] = (byte) (seed + i / 4096);
        }
        return b;
    }

    public long checksum() {
        long s = 0;
        for (int i = 0; i < data.length; i += 4096) {
            s += data[i];
        }
        return s + data.length;
    }
}
