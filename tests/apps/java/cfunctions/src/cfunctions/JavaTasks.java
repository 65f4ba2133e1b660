package cfunctions;

/** Java tasks of the application. */
public final class JavaTasks {
    private JavaTasks() {
    }

    public static void javaNoop() {
    }
}
