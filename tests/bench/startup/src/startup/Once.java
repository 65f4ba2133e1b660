package startup;

/** The start-up bench's one-task application (tests/bench/startup/run): one task, its result read. */
public class Once {
    public static void main(String[] args) {
        System.out.println("MAIN_START " + System.currentTimeMillis());
        int r = Tasks.one(41);
        System.out.println("TASK_RESULT " + System.currentTimeMillis() + " " + r);
    }
}
