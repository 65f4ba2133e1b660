package constraints;

public class Tasks {
    /** "<working dir> <start ms> <end ms>" of a run of sleepMs. */
    private static String timed(long sleepMs) throws InterruptedException {
        long start = System.currentTimeMillis();
        Thread.sleep(sleepMs);
        long end = System.currentTimeMillis();
        return System.getProperty("user.dir") + " " + start + " " + end;
    }

    public static String big(int i) throws InterruptedException {
        return timed(300);
    }

    public static String amd(int i) throws InterruptedException {
        return timed(150);
    }

    public static String mem(int i) throws InterruptedException {
        return timed(200);
    }

    public static String intel(int i) throws InterruptedException {
        return timed(150);
    }
}
