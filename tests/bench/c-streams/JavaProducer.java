import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;

/**
 * JavaProducer SIZE COUNT [ROUNDS]: c_producer's loop in Java (publish of one byte[] per record,
 * then close), against BRAID_STREAM_SERVER's server. Prints "java SIZE COUNT seconds records/s MB/s
 * cpu-us/record" per timed round (the first is a warm-up).
 */
public final class JavaProducer {
    public static void main(String[] args) throws Exception {
        int size = Integer.parseInt(args[0]);
        long count = Long.parseLong(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        byte[] template = new byte[size];
        java.util.Arrays.fill(template, (byte) 'x');
        for (int round = 0; round < rounds; round++) {
            ObjectDistroStream<byte[]> s = new ObjectDistroStream<>(null, ConsumerMode.AT_MOST_ONCE);
            long t0 = System.nanoTime();
            long c0 = cpu();
            for (long i = 0; i < count; i++) {
                byte[] record = template.clone(); // C's publish copies the record into a new byte[] too
                if (size > 0) {
                    record[0] = (byte) i;
                }
                s.publish(record);
            }
            s.close();
            double dt = (System.nanoTime() - t0) / 1e9;
            double dc = (cpu() - c0) / 1e3;
            if (round > 0) {
                System.out.printf("java %d %d %.3f %.0f %.1f %.2f%n", size, count, dt, count / dt,
                        count * (double) size / dt / 1e6, dc / count);
            }
        }
        System.exit(0);
    }

    /** CPU nanoseconds of the whole process (all threads), as c_producer's getrusage. */
    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
