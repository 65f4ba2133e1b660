package compssfilenames;

import io.braid.api.Braid;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Args: chain &lt;files&gt; &lt;rounds&gt; | outputs | keeprename. Files go to the current directory.
 *
 * <p>chain: files d1/counter ... dN/counter (one name, several files), each incremented
 * {@code rounds} times; after each increment a slow reader of that version runs while the next
 * increment writes the next one, so tasks on different versions of "counter" run at once.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "chain": {
                int files = Integer.parseInt(args[1]);
                int rounds = Integer.parseInt(args[2]);
                List<String> paths = new ArrayList<>();
                for (int f = 1; f <= files; f++) {
                    File dir = new File("d" + f);
                    dir.mkdirs();
                    String path = new File(dir, "counter").getPath();
                    write(path, "0");
                    paths.add(path);
                }
                List<Integer> reads = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    for (String path : paths) {
                        Tasks.increment(path, 150);
                        reads.add(Tasks.readCounter(path, 300));
                    }
                }
                StringBuilder values = new StringBuilder();
                for (String path : paths) {
                    values.append(values.length() == 0 ? "" : " ").append(read(path)); // opening it waits for the last version
                }
                System.out.println("counters: " + values);
                System.out.println("reads: " + reads);
                break;
            }
            case "outputs": {
                Tasks.writeResult("result.txt", "written by a task");
                System.out.println("result: " + read("result.txt"));
                write("data.txt", "a");
                Tasks.rewriteAtomically("data.txt", "b");
                Tasks.rewriteAtomically("data.txt", "c");
                System.out.println("rewritten: " + read("data.txt"));
                new File("x").mkdirs();
                new File("y").mkdirs();
                write("x/same.txt", "from x");
                write("y/same.txt", "from y");
                System.out.println("two of a name: " + Tasks.namesOf("x/same.txt", "y/same.txt"));
                break;
            }
            case "keeprename": {
                write("counter", "0");
                Tasks.increment("counter", 0);
                String inName = Tasks.renamedName("counter");
                String inoutName = Tasks.appendRenamed("counter", "+x");
                System.out.println("keepRename IN: " + inName);
                System.out.println("keepRename INOUT: " + inoutName);
                Braid.getFile("counter");
                System.out.println("content: " + read("counter"));
                break;
            }
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }

    private static void write(String path, String text) throws IOException {
        try (FileWriter w = new FileWriter(path)) {
            w.write(text);
        }
    }

    private static String read(String path) throws IOException {
        try (BufferedReader r = new BufferedReader(new FileReader(path))) {
            return r.readLine();
        }
    }
}
