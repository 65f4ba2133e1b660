package iotasks;

import java.util.concurrent.atomic.AtomicInteger;

public class Tasks {
    /** Full-speed time of one block on the congested disk. */
    static final long BLOCK_MS = 100;

    private static final AtomicInteger LIMITED = new AtomicInteger();

    public static String busy(int i, long ms) throws InterruptedException {
        long start = System.currentTimeMillis();
        Thread.sleep(ms);
        return start + " " + System.currentTimeMillis();
    }

    public static String io(int i, long ms) throws InterruptedException {
        return busy(i, ms);
    }

    public static String limited(int i, long ms) throws InterruptedException {
        int atStart = LIMITED.incrementAndGet();
        try {
            Thread.sleep(ms);
            return atStart + " " + System.getProperty("user.dir");
        } finally {
            LIMITED.decrementAndGet();
        }
    }

    public static Integer write(int i) throws InterruptedException {
        return CongestedDisk.transfer(BLOCK_MS);
    }

    public static Integer writeBounded(int i) throws InterruptedException {
        return CongestedDisk.transfer(BLOCK_MS);
    }

    /** Declared only by the interfaces with wrong constraints (BadInputTest). */
    public static Integer fast(int i) {
        return i;
    }

    public static Integer emptyRange(int i) {
        return i;
    }

    public static Integer autoCompute(int i) {
        return i;
    }
}
