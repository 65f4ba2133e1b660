package inout;

/** INOUT objects modified by tasks and by the main code in between; WAR and WAW on the same object. */
public class Main {
    public static void main(String[] args) throws Exception {
        Counter c = new Counter();
        Tasks.add(c, 5);
        System.out.println("after first task: " + c.value);      // field read waits for the task
        c.value = 100;                                            // main overwrites the task's result
        c.log.add("main=100");
        Tasks.add(c, 1);                                          // WAW after the main's write
        Tasks.add(c, 2);
        System.out.println("after two tasks: " + c.getValue());
        c.setValue(c.getValue() * 2, "main*2");                   // 206
        Integer seen = Tasks.slowRead(c, 400);                    // must see 206
        Tasks.add(c, 10);                                         // WAR: must not change what slowRead sees
        Integer seen2 = Tasks.slowRead(c, 200);                   // 216
        Tasks.add(c, 1000);                                       // 1216
        String desc = Tasks.describe(c);
        Tasks.add(c, 7);                                          // 1223, after describe
        System.out.println("slowRead before +10: " + seen);
        System.out.println("slowRead before +1000: " + seen2);
        System.out.println("describe: " + desc);
        System.out.println("final: " + c);

        // WAR by the main code: it overwrites an object that a pending task still has to read.
        Counter w = new Counter();
        w.value = 1;
        Integer before = Tasks.slowRead(w, 300);
        w.value = 2;
        System.out.println("main WAR: task saw " + before + ", main has " + w.value);

        // Several independent objects updated by many tasks each.
        Counter[] many = new Counter[4];
        for (int i = 0; i < many.length; i++) {
            many[i] = new Counter();
            many[i].value = i * 100;
        }
        for (int round = 1; round <= 5; round++) {
            for (Counter k : many) {
                Tasks.add(k, round);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (Counter k : many) {
            sb.append(k.value).append(' ');
        }
        System.out.println("many: " + sb.toString().trim());
    }
}
