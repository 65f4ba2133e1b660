package sensor;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;

/** Plain methods; under braid-run each call from {@link Main} is a task (see {@link MainItf}). */
public final class Tasks {
    private static final long POLL_MS = 200;

    private Tasks() {
    }

    public static Integer filter(ObjectDistroStream<Reading> readings, ObjectDistroStream<Reading> relevant)
            throws Exception {
        int read = 0;
        while (true) {
            boolean closed = readings.isClosed(); // before polling: the poll after closure returns the rest
            for (Reading r : readings.poll(POLL_MS)) {
                read++;
                if (r.relevant()) {
                    relevant.publish(r);
                }
            }
            if (closed) {
                break;
            }
        }
        relevant.close(); // also done when the task returns; the stream closes after the last filter's close
        return read;
    }

    public static ArrayList<Reading> extract(ObjectDistroStream<Reading> relevant) throws Exception {
        ArrayList<Reading> items = new ArrayList<>();
        while (true) {
            boolean closed = relevant.isClosed();
            items.addAll(relevant.poll(POLL_MS));
            if (closed) {
                break;
            }
        }
        return items;
    }

    public static Stats stats(ArrayList<Reading> items, int part, int parts) {
        Stats s = new Stats();
        for (int i = part; i < items.size(); i += parts) {
            s.add(items.get(i).value());
        }
        return s;
    }

    public static Stats combine(Stats a, Stats b) {
        return a.plus(b);
    }
}
