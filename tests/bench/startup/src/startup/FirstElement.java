package startup;

import io.braid.streams.ObjectDistroStream;

import java.util.List;

/**
 * The start-up bench's streaming application (tests/bench/startup/run): a task publishes one
 * element on an object stream; this main program, its consumer, prints the wall clock (epoch ms)
 * when it receives it.
 */
public class FirstElement {
    public static void main(String[] args) throws Exception {
        System.out.println("MAIN_START " + System.currentTimeMillis());
        ObjectDistroStream<Long> s = new ObjectDistroStream<>();
        Tasks.publish(s);
        System.out.println("SUBMITTED " + System.currentTimeMillis());
        while (true) {
            List<Long> got = s.poll(5_000);
            if (got.isEmpty() && s.isClosed()) {
                // a poll may end empty as the stream closes; the next one returns everything still unread
                got = s.poll();
                if (got.isEmpty()) {
                    throw new IllegalStateException("the stream was closed with no element");
                }
            }
            if (!got.isEmpty()) {
                System.out.println("FIRST_ELEMENT " + System.currentTimeMillis() + " published " + got.get(0));
                return;
            }
        }
    }
}
