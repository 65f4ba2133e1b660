package csim;

import io.braid.streams.ConsumerMode;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

/** The Java side of c_task_streams_java: Java tasks read what C tasks of another run publish. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        ObjectDistroStream<byte[]> records = new ObjectDistroStream<>("c-sim-records", ConsumerMode.AT_LEAST_ONCE);
        FileDistroStream files = new FileDistroStream("c-sim-files", args[0], ConsumerMode.AT_LEAST_ONCE);
        String r = Tasks.countRecords(records);
        String f = Tasks.countFiles(files);
        System.out.println("java tasks read: " + r + "; " + f);
    }
}
