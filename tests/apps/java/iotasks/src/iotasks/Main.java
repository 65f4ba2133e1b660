package iotasks;

import java.util.ArrayList;
import java.util.List;

/**
 * I/O tasks. {@code overlap C}: C compute tasks of 3 s, then 4 I/O tasks of 150 ms ("compute|io i
 * start end"). {@code bandwidth N}: N I/O tasks of 300 ms holding 30 MB/s ("limited i concurrency
 * dir"). {@code auto N M}: N blocks written with storageBW "auto" and M with "auto(10,160,2)".
 */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "overlap" -> overlap(Integer.parseInt(args[1]));
            case "bandwidth" -> bandwidth(Integer.parseInt(args[1]));
            case "auto" -> auto(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void overlap(int cus) throws InterruptedException {
        List<String> compute = new ArrayList<>();
        for (int i = 0; i < cus; i++) {
            compute.add(Tasks.busy(i, 3000));
        }
        List<String> io = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            io.add(Tasks.io(i, 150));
        }
        for (int i = 0; i < compute.size(); i++) {
            System.out.println("compute " + i + " " + compute.get(i));
        }
        for (int i = 0; i < io.size(); i++) {
            System.out.println("io " + i + " " + io.get(i));
        }
    }

    private static void bandwidth(int n) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Tasks.limited(i, 300));
        }
        for (int i = 0; i < n; i++) {
            System.out.println("limited " + i + " " + out.get(i));
        }
    }

    private static void auto(int n, int m) throws InterruptedException {
        List<Integer> done = new ArrayList<>();
        for (int i = 0; i < Math.max(n, m); i++) {
            if (i < n) {
                done.add(Tasks.write(i));
            }
            if (i < m) {
                done.add(Tasks.writeBounded(i));
            }
        }
        int max = 0;
        for (Integer k : done) {
            max = Math.max(max, k);
        }
        System.out.println("written " + done.size() + " blocks, at most " + max + " at once on a node");
    }
}
