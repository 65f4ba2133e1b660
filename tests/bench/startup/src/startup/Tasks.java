package startup;

import io.braid.streams.ObjectDistroStream;

public class Tasks {
    public static Integer one(int x) {
        return x + 1;
    }

    /** Publishes one element (the worker's clock when it sends it) and closes the stream. */
    public static void publish(ObjectDistroStream<Long> out) {
        out.publish(System.currentTimeMillis());
        out.close();
    }
}
