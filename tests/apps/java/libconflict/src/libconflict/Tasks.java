package libconflict;

public final class Tasks {
    private Tasks() {
    }

    /** The libraries as a task on a worker sees them. */
    public static String libraries() {
        return Libraries.describe();
    }
}
