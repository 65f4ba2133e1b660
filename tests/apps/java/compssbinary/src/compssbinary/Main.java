package compssbinary;

import io.braid.api.Braid;
import io.braid.streams.FileDistroStream;

import java.nio.file.Files;
import java.nio.file.Path;

/** Runs one scenario of binary and MPI tasks: programs, where, stream, fail or timeout. */
public class Main {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        Files.createDirectories(dir);
        switch (args[0]) {
            case "programs" -> programs(dir);
            case "where" -> where(dir);
            case "stream" -> stream(dir, args);
            case "fail" -> fail(dir);
            case "timeout" -> System.out.println("[LOG] sleepy exit=" + Tasks.sleepy(dir.resolve("child.pid").toString()));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void programs(Path dir) throws Exception {
        Files.writeString(dir.resolve("input.txt"), "in");
        String out = dir.resolve("args.out").toString();
        Integer ev = BINARY.args(3, "Hello World", true, dir.resolve("input.txt").toString(), "hidden", out);
        System.out.println("[LOG] args exit=" + ev);
        System.out.println("[LOG] args lines=" + String.join("|", Files.readAllLines(Path.of(out))));

        Files.writeString(dir.resolve("filter.in"), "first\nsecond\n");
        String fout = dir.resolve("filter.out").toString();
        String ferr = dir.resolve("filter.err").toString();
        Integer fev = BINARY.filter(3, dir.resolve("filter.in").toString(), fout, ferr);
        System.out.println("[LOG] filter exit=" + fev);
        System.out.println("[LOG] filter out=" + String.join("|", Files.readAllLines(Path.of(fout))));
        System.out.println("[LOG] filter err=" + String.join("|", Files.readAllLines(Path.of(ferr))));

        String mout = dir.resolve("mpi.out").toString();
        Integer mev = BINARY.mpiHello("hi", mout);
        System.out.println("[LOG] mpi exit=" + mev);
        System.out.println("[LOG] mpi lines=" + String.join("|", Files.readAllLines(Path.of(mout)).stream().sorted().toList()));
    }

    private static void where(Path dir) throws Exception {
        Path markers = dir.resolve("markers");
        Files.createDirectories(markers);
        for (int i = 0; i < 2; i++) {
            Tasks.where(i, markers.toString(), dir.resolve("where" + i + ".txt").toString());
        }
        for (int i = 0; i < 2; i++) {
            System.out.println("[LOG] where" + i + "=" + Files.readString(dir.resolve("where" + i + ".txt")).strip());
        }
    }

    private static void stream(Path dir, String[] args) throws Exception {
        Path streamDir = dir.resolve("stream");
        Files.createDirectories(streamDir);
        String marker = dir.resolve("consumer-got-a-file").toString();
        FileDistroStream fds = new FileDistroStream(streamDir.toString());
        Integer produced = BINARY.produce(fds, 5, marker);
        Integer consumed = Tasks.consume(fds, marker);
        System.out.println("[LOG] produce exit=" + produced);
        System.out.println("[LOG] consumed=" + consumed);
        if (args.length > 2 && args[2].equals("mpi")) {
            // the hybrid case: an MPI simulation's ranks write files that a Java task analyses
            Path simDir = Files.createDirectories(dir.resolve("simulation"));
            FileDistroStream sim = new FileDistroStream(simDir.toString());
            Integer simExit = BINARY.simulate("ir", sim);
            Integer analysed = Tasks.consume(sim, dir.resolve("sim-marker").toString());
            System.out.println("[LOG] simulate exit=" + simExit);
            System.out.println("[LOG] analysed=" + analysed);
        }
        Braid.barrier();
    }

    private static void fail(Path dir) throws Exception {
        Files.writeString(dir.resolve("fail.in"), "x\n");
        Integer ev = BINARY.mustSucceed(3, dir.resolve("fail.in").toString());
        System.out.println("[LOG] mustSucceed exit=" + ev);
    }
}
