package missingfile;

import java.io.IOException;

/**
 * A task call whose FILE IN or INOUT parameter names a file that does not exist. Usage:
 * {@code Main in|inout <file>}: a first task writes and counts {@code present.txt}, then the call
 * on {@code <file>}.
 */
public class Main {

    public static void main(String[] args) throws IOException {
        Tasks.writeLine("present.txt", "one");
        Integer present = Tasks.countLines("present.txt");
        System.out.println("present.txt has " + present + " line(s)");
        if (args[0].equals("in")) {
            Integer lines = Tasks.countLines(args[1]);
            System.out.println("counted " + lines);
        } else {
            Tasks.appendLine("two", args[1]);
            System.out.println("appended");
        }
    }
}
