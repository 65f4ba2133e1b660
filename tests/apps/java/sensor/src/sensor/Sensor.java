package sensor;

import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;

/**
 * The sensor: a plain Java process, outside any Braid application, that publishes readings
 * 0..n-1 ({@link Reading#of}) to the object stream named {@code alias}, one every
 * {@code pauseMs}, then closes it. It finds the stream server through BRAID_STREAM_SERVER.
 *
 * <p>Usage: {@code Sensor <alias> <n> <pause ms>}. Prints
 * {@code sensor published <n> readings on <stream id>}.
 */
public final class Sensor {
    private Sensor() {
    }

    public static void main(String[] args) throws Exception {
        String alias = args[0];
        int n = Integer.parseInt(args[1]);
        int pauseMs = Integer.parseInt(args[2]);
        // Creates the stream, or attaches if the application got there first (same mode either way).
        ObjectDistroStream<Reading> out = new ObjectDistroStream<>(alias, ConsumerMode.EXACTLY_ONCE);
        for (int seq = 0; seq < n; seq++) {
            out.publish(Reading.of(seq));
            if (pauseMs > 0) {
                Thread.sleep(pauseMs);
            }
        }
        out.close(); // the application's filters end once they have read what is left
        System.out.println("sensor published " + n + " readings on " + out.getId());
    }
}
