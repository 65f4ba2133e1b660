package crosslang;

import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;

/** The Java side of the C binding's cross-language test: a task echoes, reversed, what a C program publishes. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        ObjectDistroStream<byte[]> in = new ObjectDistroStream<>("c-to-java", ConsumerMode.EXACTLY_ONCE);
        ObjectDistroStream<byte[]> out = new ObjectDistroStream<>("java-to-c", ConsumerMode.EXACTLY_ONCE);
        Integer n = Tasks.echo(in, out);
        System.out.println("java task echoed " + n + " records");
    }
}
