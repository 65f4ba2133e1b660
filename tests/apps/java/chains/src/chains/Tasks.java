package chains;

public class Tasks {
    /** One link of a chain: x + 1, after {@code ms} milliseconds of "work". */
    public static Integer step(Integer x, int ms) throws InterruptedException {
        Thread.sleep(ms);
        return x + 1;
    }

    /** A fan-in link: the sum of two results. */
    public static Integer sum(Integer a, Integer b) {
        return a + b;
    }

    /** The same on a node with 4 computing units (tests lose the only such node). */
    public static Integer wideSum(Integer a, Integer b) {
        return a + b;
    }
}
