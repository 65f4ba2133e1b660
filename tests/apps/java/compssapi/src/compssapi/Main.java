package compssapi;

import io.braid.api.Braid;

import java.nio.file.Files;
import java.nio.file.Path;

/** Args: deletefile | deregister | barrier | getfile. Files go to the current directory. */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "deletefile": {
                Files.writeString(Path.of("data.txt"), "0123456789");
                Integer before = Tasks.slowLength("data.txt", 500);
                Braid.deleteFile("data.txt");
                System.out.println("exists after deleteFile: " + Files.exists(Path.of("data.txt")));
                Files.writeString(Path.of("data.txt"), "abc");
                Integer after = Tasks.slowLength("data.txt", 0);
                System.out.println("lengths: " + before + " " + after);
                break;
            }
            case "deregister": {
                Numbers n = new Numbers();
                n.values.add(5);
                Integer first = Tasks.total(n);
                Braid.deregisterObject(n);
                n.values.add(7);
                Integer second = Tasks.total(n);
                Numbers m = new Numbers();
                Tasks.append(m, 3);
                Braid.deregisterObject(m); // while a task still writes it
                System.out.println("totals: " + first + " " + second);
                break;
            }
            case "barrier": {
                for (int i = 0; i < 4; i++) {
                    Tasks.writeText("part" + i + ".txt", "part " + i);
                }
                Braid.barrier(true);
                System.out.println("after barrier");
                Tasks.writeText("late.txt", "late");
                break;
            }
            case "getfile": {
                Tasks.writeText("result.txt", "from a task");
                Braid.getFile("result.txt");
                System.out.println("result: " + new String(Files.readAllBytes(Path.of("result.txt"))));
                break;
            }
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
