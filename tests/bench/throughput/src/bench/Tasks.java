package bench;

public class Tasks {
    public static void noop(int i) {
    }

    public static Integer block(int millis) throws InterruptedException {
        Thread.sleep(millis);
        return 0;
    }

    public static void after(Integer gate, int i) {
    }

    public static Integer inc(Integer x) {
        return x + 1;
    }
}
