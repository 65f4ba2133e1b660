package fanout;

public class Tasks {
    /** i*i+1, after a short sleep; prints where it ran (to its job output file). */
    public static Long partial(int i) throws InterruptedException {
        Thread.sleep(40);
        System.out.println("partial " + i + " ran in " + System.getProperty("user.dir"));
        return (long) i * i + 1;
    }

    public static Long add(Long a, Long b) {
        return a + b;
    }
}
