import io.braid.streams.internals.records.RecordCodec;

/**
 * EncodeBench N ROUNDS: the publishing side's own share of an object-stream publish, without Kafka:
 * CPU (whole process, then this thread) in microseconds per record for N records of a fresh 1 MiB
 * byte[] (cloned, as JavaProducer and C's publish do) turned into a record by RecordCodec.encode.
 * Prints one line per timed round (the first round is a warm-up).
 */
public final class EncodeBench {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        RecordCodec codec = RecordCodec.forStream("bench");
        byte[] template = new byte[1 << 20];
        java.util.Arrays.fill(template, (byte) 'x');
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            long p0 = os.getProcessCpuTime(), t0 = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                byte[] v = template.clone();
                v[0] = (byte) i;
                sink += codec.encode(v).length;
            }
            long p = os.getProcessCpuTime() - p0, t = threads.getCurrentThreadCpuTime() - t0;
            if (r > 0) {
                System.out.printf("%.0f %.0f%n", p / 1e3 / n, t / 1e3 / n);
            }
        }
        if (sink == 42) {
            System.out.println();
        }
    }
}
