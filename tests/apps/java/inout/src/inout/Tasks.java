package inout;

public class Tasks {
    public static void add(Counter c, int n) {
        c.value += n;
        c.log.add("+" + n);
    }

    /** Reads the value only after sleeping, so that a later writer could overtake it if the runtime let it. */
    public static Integer slowRead(Counter c, int sleepMs) throws InterruptedException {
        Thread.sleep(sleepMs);
        return c.value;
    }

    public static String describe(Counter c) {
        return c.toString();
    }
}
