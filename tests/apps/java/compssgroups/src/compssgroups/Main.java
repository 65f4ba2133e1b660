package compssgroups;

import io.braid.api.Braid;
import io.braid.api.BraidException;
import io.braid.api.BraidGroup;

import java.io.File;

/** Args: blocking | async | nested | cancel. Marker files go to the current directory. */
public class Main {
    private static final int LONG = 30_000;

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "blocking": {
                try (BraidGroup a = new BraidGroup("GroupA")) {
                    Tasks.work("a0", LONG, false, "a0");
                    Tasks.work("a1", 300, true, "a1");
                    Tasks.work("a2", LONG, false, "a2");
                    Tasks.work("a3", LONG, false, "a3");
                } catch (BraidException e) {
                    System.out.println("caught: " + e.getMessage());
                    Tasks.otherTask("other");
                }
                System.out.println("markers: " + markers("a0", "a1", "a2", "a3", "other"));
                break;
            }
            case "async": {
                for (int i = 0; i < 3; i++) {
                    try (BraidGroup g = new BraidGroup("Group" + i, false)) {
                        Tasks.work("g" + i + "x", 100, false, "g" + i + "x");
                        Tasks.work("g" + i + "y", 200, i == 1, "g" + i + "y");
                    } catch (Exception e) {
                        System.out.println("not here: " + e);
                    }
                }
                System.out.println("groups created");
                for (int i = 0; i < 3; i++) {
                    try {
                        Braid.barrierGroup("Group" + i);
                        System.out.println("group " + i + ": ok");
                    } catch (BraidException e) {
                        System.out.println("group " + i + ": caught " + e.getMessage());
                    }
                }
                break;
            }
            case "nested": {
                try (BraidGroup outer = new BraidGroup("outer")) {
                    Tasks.work("o1", LONG, false, "o1");
                    try (BraidGroup inner = new BraidGroup("inner")) {
                        Tasks.work("i1", 300, true, "i1");
                        Tasks.work("i2", LONG, false, "i2");
                    } catch (BraidException e) {
                        System.out.println("inner caught: " + e.getMessage());
                    }
                } catch (BraidException e) {
                    System.out.println("outer caught: " + e.getMessage());
                }
                System.out.println("markers: " + markers("o1", "i1", "i2"));
                break;
            }
            case "cancel": {
                try (BraidGroup g = new BraidGroup("slow", false)) {
                    Tasks.work("s1", LONG, false, "s1");
                    Tasks.work("s2", LONG, false, "s2");
                }
                Tasks.otherTask("other");
                awaitStarted("s1", "s2");
                Braid.cancelGroup("slow");
                Braid.barrierGroup("slow");
                System.out.println("cancelled; markers: " + markers("s1", "s2", "other"));
                break;
            }
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }

    /**
     * Waits until the tasks have started: each writes its label into the directory named by
     * GROUPS_STARTED_DIR (a side channel the test sets up, outside the runtime's files).
     */
    private static void awaitStarted(String... labels) throws InterruptedException {
        String dir = System.getenv("GROUPS_STARTED_DIR");
        long deadline = System.currentTimeMillis() + 30_000;
        for (String l : labels) {
            while (!new File(dir, l).exists()) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("task " + l + " did not start");
                }
                Thread.sleep(20);
            }
        }
    }

    /** Which of the marker files exist (after every task: a barrier). */
    private static String markers(String... names) {
        Braid.barrier();
        StringBuilder b = new StringBuilder();
        for (String n : names) {
            if (new File(n).exists()) {
                b.append(b.length() == 0 ? "" : " ").append(n);
            }
        }
        return b.toString();
    }
}
