package libconflict;

/**
 * An application that ships its own version of a library the runtime also has (zstd-jni, on its
 * --classpath): prints which copy its main program and one of its tasks get,
 * {@code main: <description>} and {@code task: <description>}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("main: " + Libraries.describe());
        String inTask = Tasks.libraries();
        System.out.println("task: " + inTask);
    }
}
