package sync;

import java.io.BufferedReader;
import java.io.FileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Task results used directly by the main code, without any Braid API call. */
public class Main {
    public static void main(String[] args) throws Exception {
        Integer a = Tasks.twice(20);
        Integer b = Tasks.twice(1);
        int sum = a + b;                                    // unboxing
        System.out.println("int sum: " + sum);
        System.out.println("int compare: " + (a > b) + " " + a.equals(40) + " " + a.compareTo(b));

        String s = Tasks.greet("braid");
        String shout = s + "!";                             // string concatenation
        System.out.println("string: " + shout);
        System.out.println("string length: " + s.length() + " upper: " + s.toUpperCase());

        Point p = Tasks.point(3, 4);
        System.out.println("point norm2: " + p.norm2());   // method call
        Point q = Tasks.point(6, 8);
        System.out.println("point field: " + q.x + "," + q.y); // field access
        Point r = Tasks.point(-1, 2);
        System.out.println(r);                              // println of the object
        Integer c = Tasks.twice(21);
        System.out.println(c);                              // println of a boxed result

        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            list.add(Tasks.twice(i));
        }
        System.out.println("list: " + list);               // collection of results printed by the JDK
        int total = 0;
        for (int v : list) {
            total += v;
        }
        System.out.println("list total: " + total);

        Tasks.note("note.txt", "written by a task");
        try (BufferedReader in = new BufferedReader(new FileReader("note.txt"))) {
            System.out.println("file via FileReader: " + in.readLine());
        }
        System.out.println("file via readAllLines: " + Files.readAllLines(Path.of("note.txt")));
        Tasks.note("note2.txt", "another");
        System.out.println("file exists: " + Files.exists(Path.of("note2.txt")) + " size " + Files.size(Path.of("note2.txt")));
    }
}
