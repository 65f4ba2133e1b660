package cfunctions;

/**
 * The calls the main program makes: static methods with the tasks' names and signatures, which
 * the launcher turns into tasks (as COMPSs' binary stubs). Their bodies never run.
 */
final class CLib {
    private CLib() {
    }

    private static IllegalStateException notATask() {
        return new IllegalStateException("not run as a task: is the application started by braid-run?");
    }

    static double cos(double x) { throw notATask(); }
    static double pow(double x, double y) { throw notATask(); }
    static void noop() { throw notATask(); }
    static double mix(double d, float f, long l, int i, short s, byte b, char c, boolean flag) { throw notATask(); }
    static boolean isPositive(int x) { throw notATask(); }
    static char upper(char c) { throw notATask(); }
    static long sumBytes(byte[] buf, int n) { throw notATask(); }
    static void fillBytes(byte[] buf, int n, byte start) { throw notATask(); }
    static int reverseBytes(byte[] buf, int n) { throw notATask(); }
    static int reverseBuffer(java.nio.ByteBuffer buf, int n) { throw notATask(); }
    static long sumBuffer(java.nio.ByteBuffer buf, int n) { throw notATask(); }
    static int utf8Length(String s) { throw notATask(); }
    static int writeText(String path, String text, int times) { throw notATask(); }
    static int countLines(String path) { throw notATask(); }
    static int crash(String attemptsPath) { throw notATask(); }
    static int abortNow(String attemptsPath) { throw notATask(); }
    static int missingSymbol(int x) { throw notATask(); }
    static int missingLibrary(int x) { throw notATask(); }
}
