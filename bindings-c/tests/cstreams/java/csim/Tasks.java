package csim;

import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

import java.nio.file.Files;
import java.nio.file.Path;

public final class Tasks {
    private Tasks() {
    }

    public static String countRecords(ObjectDistroStream<byte[]> in) throws Exception {
        long n = 0;
        long bytes = 0;
        while (true) {
            boolean closed = in.isClosed();
            for (byte[] r : in.poll(closed ? 0 : 500)) {
                n++;
                bytes += r.length;
            }
            if (closed) {
                return n + " records, " + bytes + " bytes";
            }
        }
    }

    public static String countFiles(FileDistroStream in) throws Exception {
        int n = 0;
        int sum = 0;
        while (true) {
            boolean closed = in.isClosed();
            for (String path : in.poll(closed ? 0 : 500)) {
                String line = Files.readString(Path.of(path)).trim(); // "line K", as the C task wrote it
                sum += Integer.parseInt(line.substring("line ".length()));
                n++;
            }
            if (closed) {
                return n + " files, " + sum;
            }
        }
    }
}
