package checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

public class Tasks {
    private static final int CHUNK = 1 << 20;

    /** Busy CPU work for about {@code ms} of wall time, mixing the state so the result is checkable. */
    public static Long compute(Long state, int ms) {
        long x = state;
        long end = System.nanoTime() + ms * 1_000_000L;
        do {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        } while (System.nanoTime() < end);
        return next(state);
    }

    /** The state after one compute step; independent of how long the step ran. */
    static long next(long state) {
        long z = state + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Writes an {@code mb} MB block for the state to {@code dir/name} (relative paths are node-local:
     * the worker's working directory), forces it to the device (fsync) and returns the file's size
     * read back from the file system. Names are unique per phase and slot: a slot's checkpoints of
     * two phases may run at once on a node.
     */
    public static Long checkpoint(Long state, String dir, String name, int mb) throws IOException {
        Path file = Path.of(dir).resolve(name);
        Files.createDirectories(file.toAbsolutePath().getParent());
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
        while (chunk.remaining() >= Long.BYTES) {
            chunk.putLong(state + chunk.position());
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (int i = 0; i < mb; i++) {
                chunk.rewind();
                while (chunk.hasRemaining()) {
                    ch.write(chunk);
                }
            }
            ch.force(true);
        }
        return Files.size(file);
    }

    public static Long checkpointIo(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }

    public static Long checkpointBw25(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }

    public static Long checkpointBw50(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }

    public static Long checkpointBw100(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }

    public static Long checkpointBw200(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }

    public static Long checkpointAuto(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }

    public static Long checkpointBounded(Long state, String dir, String name, int mb) throws IOException {
        return checkpoint(state, dir, name, mb);
    }
}
