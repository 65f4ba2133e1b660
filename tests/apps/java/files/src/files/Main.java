package files;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** FILE OUT, INOUT and IN tasks on one file, read and written by the main code in between. Args: relative path. */
public class Main {
    public static void main(String[] args) throws Exception {
        String p = args[0];
        Files.createDirectories(Path.of(p).getParent());

        Tasks.write(p, "alpha");
        try (BufferedReader r = new BufferedReader(new FileReader(p))) {           // java.io, waits for write
            System.out.println("io reader: " + r.readLine());
        }
        Tasks.append(p, "beta");
        System.out.println("nio readAllLines: " + Files.readAllLines(Path.of(p)));  // java.nio, waits for append
        Tasks.append(p, "gamma");
        try (InputStream in = new FileInputStream(p)) {
            System.out.println("io stream bytes: " + in.readAllBytes().length);
        }
        Integer n1 = Tasks.countLines(p);
        try (Writer w = new FileWriter(p, true)) {                                  // main appends itself
            w.write("delta\n");
        }
        Tasks.append(p, "epsilon");                                                 // task must see delta
        Integer n2 = Tasks.countLines(p);
        String ends = Tasks.firstAndLast(p);
        Tasks.append(p, "zeta");
        System.out.println("count before delta: " + n1);
        System.out.println("count after epsilon: " + n2);
        System.out.println("first..last: " + ends);
        System.out.println("nio readString: " + Files.readString(Path.of(p), StandardCharsets.UTF_8).replace("\n", "|"));
        Tasks.append(p, "eta");                                                     // last version stays with the task until the end
    }
}
