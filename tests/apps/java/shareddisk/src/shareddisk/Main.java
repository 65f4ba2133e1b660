package shareddisk;

import java.io.File;
import java.io.PrintWriter;

/** Usage: shareddisk.Main <dir>: writes <dir>/input.txt, then asks a task where it reads it. */
public class Main {
    public static void main(String[] args) throws Exception {
        File input = new File(args[0], "input.txt");
        try (PrintWriter w = new PrintWriter(input)) {
            w.println("hello from main");
        }
        System.out.println("task read: " + Tasks.whereIsIt(input.getPath()));
        System.out.println("task saw the name: " + Tasks.nameOf(input.getPath()));
    }
}
