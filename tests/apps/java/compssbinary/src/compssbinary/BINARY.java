package compssbinary;

import io.braid.streams.FileDistroStream;

/** Stubs the main program calls, as COMPSs binary applications have them: the calls become tasks. */
public class BINARY {
    public static Integer args(int n, String name, boolean flag, String input, String skipped, String out) {
        return null;
    }

    public static Integer filter(int exitValue, String in, String out, String err) {
        return null;
    }

    public static Integer mustSucceed(int exitValue, String in) {
        return null;
    }

    public static Integer mpiHello(String word, String out) {
        return null;
    }

    public static Integer simulate(String mode, FileDistroStream fds) {
        return null;
    }

    public static Integer produce(FileDistroStream fds, int count, String marker) {
        return null;
    }
}
