package constraints;

import java.util.ArrayList;
import java.util.List;

/** Tasks with CU and architecture constraints; prints "<kind> <i> <working dir> <start> <end>" per task. */
public class Main {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        List<String> kinds = new ArrayList<>();
        List<String> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            kinds.add("big " + i);
            results.add(Tasks.big(i));
            kinds.add("amd " + i);
            results.add(Tasks.amd(i));
            if (i % 2 == 1) {
                kinds.add("mem " + i);
                results.add(Tasks.mem(i));
            }
            if (i % 2 == 0) {
                kinds.add("intel " + i);
                results.add(Tasks.intel(i));
            }
        }
        for (int k = 0; k < kinds.size(); k++) {
            System.out.println("task " + kinds.get(k) + " " + results.get(k));
        }
    }
}
