package objects;

import java.io.Serializable;

public class Counter implements Serializable {
    private static final long serialVersionUID = 1L;

    private int count;
    private int calls;

    public Counter(int start) {
        this.count = start;
    }

    /** Task (modifier): the callee is INOUT. */
    public void increment(int n) {
        count += n;
        calls++;
    }

    /** Task (targetDirection = IN): reads the callee after a sleep, so later increments could overtake it. */
    public Integer current() throws InterruptedException {
        Thread.sleep(300);
        return count;
    }

    /** Task (targetDirection = IN) that changes its copy of the callee: the change must not reach the main's object. */
    public Integer scratch() {
        count += 1_000_000;
        return count;
    }

    /** Not a task: a plain method the main calls. */
    public int get() {
        return count;
    }

    public int calls() {
        return calls;
    }
}
