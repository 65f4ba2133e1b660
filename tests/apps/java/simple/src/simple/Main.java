package simple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class Main {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<Integer> squares = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            squares.add(Tasks.square(i));
        }
        Integer sum = 0;
        for (Integer s : squares) {
            sum = Tasks.add(sum, s);
        }
        System.out.println("sum of squares 1.." + n + " = " + sum);
        Tasks.writeLines("out.txt", 7);
        System.out.println("lines counted by a task: " + Tasks.countLines("out.txt"));
        System.out.println("lines read by main: " + Files.readAllLines(Path.of("out.txt")).size());
    }
}
