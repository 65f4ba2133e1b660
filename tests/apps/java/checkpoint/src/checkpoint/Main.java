package checkpoint;

import java.util.ArrayList;
import java.util.List;

/**
 * A checkpointing workload: {@code phases} phases; in each, {@code tasks} compute steps (one per
 * slot, each taking the slot's state from the previous phase), each followed by a checkpoint of
 * its result: a {@code mb} MB block written and fsync'd to node-local storage (file
 * {@code dir/ckpt-p<phase>-s<slot>.bin}, dir default the worker's working directory). A phase's
 * checkpoints do not hold back the next phase's compute steps, which need only the states.
 *
 * <p>Usage: {@code checkpoint.Main <mode> <phases> <tasks> <computeMs> <mb> [dir]}, mode one of
 * baseline (checkpoints as compute tasks), io (I/O tasks, no constraint), static25, static50,
 * static100, static200 (I/O tasks holding that many MB/s), auto, bounded (auto(25,200,2)).
 *
 * <p>Prints {@code result blocks=N bytes=B states=H} (N blocks whose size read back is right, B
 * their bytes, H a checksum of the final states: the same in every mode) and {@code elapsed_ms T}
 * from the first call to the last checkpoint's size.
 */
public class Main {
    public static void main(String[] args) {
        String mode = args[0];
        int phases = Integer.parseInt(args[1]);
        int tasks = Integer.parseInt(args[2]);
        int computeMs = Integer.parseInt(args[3]);
        int mb = Integer.parseInt(args[4]);
        String dir = args.length > 5 ? args[5] : ".";
        checkMode(mode);

        long start = System.nanoTime();
        List<Long> states = new ArrayList<>();
        for (int slot = 0; slot < tasks; slot++) {
            states.add((long) slot);
        }
        List<Long> sizes = new ArrayList<>();
        for (int phase = 0; phase < phases; phase++) {
            for (int slot = 0; slot < tasks; slot++) {
                Long state = Tasks.compute(states.get(slot), computeMs);
                states.set(slot, state);
                sizes.add(checkpoint(mode, state, dir, "ckpt-p" + phase + "-s" + slot + ".bin", mb));
            }
        }
        long expected = (long) mb << 20;
        int blocks = 0;
        long bytes = 0;
        for (Long size : sizes) {
            if (size == expected) {
                blocks++;
                bytes += size;
            }
        }
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        long checksum = 0;
        for (Long s : states) {
            checksum = checksum * 31 + s;
        }
        System.out.println("result blocks=" + blocks + " bytes=" + bytes + " states=" + Long.toHexString(checksum));
        System.out.println("elapsed_ms " + elapsedMs);
    }

    private static void checkMode(String mode) {
        if (!List.of("baseline", "io", "static25", "static50", "static100", "static200", "auto", "bounded")
                .contains(mode)) {
            throw new IllegalArgumentException("unknown mode " + mode);
        }
    }

    private static Long checkpoint(String mode, Long state, String dir, String name, int mb) {
        try {
            return switch (mode) {
                case "baseline" -> Tasks.checkpoint(state, dir, name, mb);
                case "io" -> Tasks.checkpointIo(state, dir, name, mb);
                case "static25" -> Tasks.checkpointBw25(state, dir, name, mb);
                case "static50" -> Tasks.checkpointBw50(state, dir, name, mb);
                case "static100" -> Tasks.checkpointBw100(state, dir, name, mb);
                case "static200" -> Tasks.checkpointBw200(state, dir, name, mb);
                case "auto" -> Tasks.checkpointAuto(state, dir, name, mb);
                case "bounded" -> Tasks.checkpointBounded(state, dir, name, mb);
                default -> throw new IllegalArgumentException(mode);
            };
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
