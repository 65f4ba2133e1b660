package demoapp.streams;

import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

/** Tasks that take streams, for the registry's stream checks. */
public final class StreamTasks {
    private StreamTasks() {
    }

    public static void publishNumbers(ObjectDistroStream<Integer> out, int n) {
    }

    public static void publishFiles(FileDistroStream out, int n) {
    }
}
