package compssdirections;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Args: commutative N | concurrent N | indelete. Files go to the current directory. */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "commutative": {
                int n = Integer.parseInt(args[1]);
                Accumulator acc = new Accumulator();
                Files.writeString(Path.of("lines.txt"), "");
                for (int i = 1; i <= n; i++) {
                    Tasks.accumulate(acc, i);
                    Tasks.appendLine("lines.txt", "line " + i);
                }
                System.out.println("sum: " + acc.sum() + " count: " + acc.count());
                System.out.println("one at a time: " + acc.runsOneAtATime());
                System.out.println("lines: " + Files.readAllLines(Path.of("lines.txt")).size());
                break;
            }
            case "concurrent": {
                int n = Integer.parseInt(args[1]);
                Files.writeString(Path.of("shared.txt"), "shared\n");
                List<Interval> readers = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    readers.add(Tasks.readSlowly("shared.txt"));
                }
                Interval writer = Tasks.rewrite("shared.txt");
                long lastReaderEnd = 0;
                int overlapping = 0;
                for (Interval r : readers) {
                    lastReaderEnd = Math.max(lastReaderEnd, r.end);
                    for (Interval o : readers) {
                        if (o != r && o.start < r.end && r.start < o.end) {
                            overlapping++;
                            break;
                        }
                    }
                }
                System.out.println("overlapping readers: " + (overlapping > 0));
                System.out.println("writer after readers: " + (writer.start >= lastReaderEnd));
                System.out.println("content: " + Files.readString(Path.of("shared.txt")).trim());
                break;
            }
            case "indelete": {
                Files.writeString(Path.of("input.txt"), "twelve chars");
                Integer length = Tasks.lengthOf("input.txt");
                System.out.println("input exists after the call: " + Files.exists(Path.of("input.txt")));
                Files.writeString(Path.of("input.txt"), "new");
                Integer again = Tasks.lengthOf("input.txt");
                Accumulator acc = new Accumulator();
                acc.add(1, 0, 0);
                Integer size = Tasks.sizeOf(acc);
                acc.add(2, 0, 0); // the main program's object is its own again
                Integer sizeAgain = Tasks.sizeOf(acc);
                System.out.println("lengths: " + length + " " + again);
                System.out.println("sizes: " + size + " " + sizeAgain);
                break;
            }
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
