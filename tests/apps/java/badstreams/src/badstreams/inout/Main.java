package badstreams.inout;

import io.braid.streams.ObjectDistroStream;

public final class Main {
    public static void both(ObjectDistroStream<String> s) {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("main ran");
        both(new ObjectDistroStream<>());
    }
}
