package cfunctions;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Calls C functions as tasks. {@code Main <scenario> <data dir> [n]}: "values" (every kind of
 * parameter and return), "crash", "abort", "missingSymbol", "missingLibrary", "noops" (n no-op C
 * function tasks), "javanoops" (n no-op Java tasks).
 */
public class Main {
    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[1]);
        Files.createDirectories(data);
        switch (args[0]) {
            case "values" -> values(data);
            case "crash" -> System.out.println("[LOG] crash=" + CLib.crash(data.resolve("attempts").toString()));
            case "abort" -> System.out.println("[LOG] abort=" + CLib.abortNow(data.resolve("attempts").toString()));
            case "missingSymbol" -> System.out.println("[LOG] missing=" + CLib.missingSymbol(1));
            case "missingLibrary" -> System.out.println("[LOG] missing=" + CLib.missingLibrary(1));
            case "noops" -> noops(Integer.parseInt(args[2]), false);
            case "javanoops" -> noops(Integer.parseInt(args[2]), true);
            default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
        }
    }

    private static void values(Path data) throws Exception {
        System.out.println("[LOG] cos=" + CLib.cos(0.5));
        System.out.println("[LOG] pow=" + CLib.pow(2.0, 10.0));
        System.out.println("[LOG] mix=" + CLib.mix(0.25, 0.5f, 1L << 40, -7, (short) 300, (byte) -2, 'A', true));
        System.out.println("[LOG] positive=" + CLib.isPositive(5) + "," + CLib.isPositive(-5));
        System.out.println("[LOG] upper=" + CLib.upper('q'));

        byte[] in = {1, 2, 3, (byte) 250};
        System.out.println("[LOG] sum=" + CLib.sumBytes(in, in.length));
        byte[] out = new byte[5];
        CLib.fillBytes(out, out.length, (byte) 10);
        System.out.println("[LOG] filled=" + Arrays.toString(out));
        byte[] inout = {1, 2, 3, 4, 5, 6};
        int n = CLib.reverseBytes(inout, inout.length);
        System.out.println("[LOG] reversed=" + n + " " + Arrays.toString(inout));
        // a chain: the task reads what the previous one wrote, not the main program's bytes
        CLib.reverseBytes(inout, inout.length);
        System.out.println("[LOG] sumAfterChain=" + CLib.sumBytes(inout, 3));

        // a ByteBuffer: the function gets its remaining bytes (position 2 to limit 6)
        ByteBuffer bb = ByteBuffer.allocate(8);
        bb.put(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}).position(2).limit(6);
        int m = CLib.reverseBuffer(bb, bb.remaining());
        System.out.println("[LOG] buffer=" + m + " " + Arrays.toString(bb.array()) + " position=" + bb.position()
                + " limit=" + bb.limit());
        ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {1, 2, 3}).flip();
        System.out.println("[LOG] sumDirect=" + CLib.sumBuffer(direct, 3));

        System.out.println("[LOG] utf8=" + CLib.utf8Length("héllo wörld") + "," + CLib.utf8Length(null));

        String file = data.resolve("written.txt").toString();
        System.out.println("[LOG] wrote=" + CLib.writeText(file, "line from C", 3));
        System.out.println("[LOG] lines=" + CLib.countLines(file));
        System.out.println("[LOG] content=" + String.join("|", Files.readAllLines(Path.of(file))));
    }

    private static void noops(int n, boolean java) {
        long t0 = System.nanoTime();
        for (int k = 0; k < n; k++) {
            if (java) {
                JavaTasks.javaNoop();
            } else {
                CLib.noop();
            }
        }
        io.braid.api.Braid.barrier();
        System.out.println("[LOG] noops=" + n + " ms=" + (System.nanoTime() - t0) / 1_000_000);
    }
}
