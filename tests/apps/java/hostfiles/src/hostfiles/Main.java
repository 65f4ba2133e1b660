package hostfiles;

import java.io.File;

/**
 * A file written by a task on one host and read by a task on another (their architectures, set
 * in the XML, pin them). Usage: {@code hostfiles.Main <dir>}; prints {@code consumed: <path the
 * reader was given> | <content> | read in <reader's working dir> | <the file it really read>}.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        String path = new File(args[0], "made-on-a.txt").getPath();
        Tasks.produce(path, "hello");
        System.out.println("consumed: " + Tasks.consume(path));
    }
}
