package overhead;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * For each total size (MB) and object count: the time from the first call to the consumer's
 * result, with the objects passed as task parameters (one producer task per object, one
 * consumer task taking them all) and with one stream carrying them (one producer task publishing
 * them, one consumer task polling them). Prints RESULT lines with medians of {@code reps} runs.
 * Usage: {@code Main <reps> <total MB,...> <counts,...>}
 */
public final class Main {
    /** Kafka's record size limit on the embedded broker (64 MiB + 64 KiB). */
    private static final long MAX_RECORD = 64L * 1024 * 1024;

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        int reps = Integer.parseInt(args[0]);
        int[] totals = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        int[] counts = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        viaObjects(1, 1 << 20);
        viaStream(1, 1 << 20);
        for (int total : totals) {
            for (int count : counts) {
                int bytes = (int) ((long) total * 1024 * 1024 / count);
                double objects = median(reps, () -> viaObjects(count, bytes));
                String key = total + "MB_" + count + "obj";
                System.out.printf("RESULT objects_%s %.1f ms%n", key, objects);
                if (bytes > MAX_RECORD) {
                    System.out.printf("# stream_%s: %d-byte objects exceed Kafka's record limit%n", key, bytes);
                    continue;
                }
                double stream = median(reps, () -> viaStream(count, bytes));
                System.out.printf("RESULT stream_%s %.1f ms%n", key, stream);
                System.out.printf("RESULT ratio_%s %.2f x%n", key, stream / objects);
            }
        }
    }

    interface Run {
        double ms() throws Exception;
    }

    private static double median(int reps, Run r) throws Exception {
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            t[i] = r.ms();
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    private static double viaObjects(int count, int bytes) {
        long start = System.nanoTime();
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            blobs.add(Tasks.make(bytes, i));
        }
        Blob[] b = blobs.toArray(new Blob[0]);
        Long sum = switch (count) {
            case 1 -> Tasks.sum1(b[0]);
            case 4 -> Tasks.sum4(b[0], b[1], b[2], b[3]);
            case 12 -> Tasks.sum12(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11]);
            case 16 -> Tasks.sum16(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
                    b[13], b[14], b[15]);
            default -> throw new IllegalArgumentException("object counts: 1, 4, 12 or 16");
        };
        check(sum.longValue(), count, bytes);
        return (System.nanoTime() - start) / 1e6;
    }

    private static double viaStream(int count, int bytes) throws Exception {
        long start = System.nanoTime();
        ObjectDistroStream<Blob> s = new ObjectDistroStream<>();
        Tasks.publish(s, count, bytes);
        Long sum = Tasks.sumStream(s, count);
        check(sum.longValue(), count, bytes);
        return (System.nanoTime() - start) / 1e6;
    }

    private static void check(long sum, int count, int bytes) {
        long expected = 0;
        for (int i = 0; i < count; i++) {
            expected += Blob.of(bytes, i).checksum();
        }
        if (sum != expected) {
            throw new IllegalStateException("wrong checksum " + sum + ", expected " + expected);
        }
    }
}
