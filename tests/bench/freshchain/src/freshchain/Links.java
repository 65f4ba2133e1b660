package freshchain;

/** Where the worker's task timestamps and the main program's marks go (read by compare.py). */
final class Links {
    static final String FILE = System.getProperty("java.io.tmpdir") + "/freshchain-links.txt";

    private Links() {
    }
}
