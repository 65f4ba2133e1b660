package streamapp;

import io.braid.streams.DistroStream;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Usage: MultiProducer &lt;name&gt; &lt;n&gt; &lt;stream spec&gt;... (see {@link StreamSpec}). On each stream
 * publishes "&lt;name&gt;-&lt;i&gt;" for i in 1..n (object streams) or writes the files
 * "&lt;name&gt;-&lt;i&gt;.txt" into the base directory (file streams; the first one also through
 * publish, which makes this process a writer). Prints "ready", then closes its streams when a
 * line comes on stdin: the caller waits until every producer is a writer, so that no stream
 * closes while another producer still has to join it.
 */
public class MultiProducer {
    public static void main(String[] args) throws Exception {
        String name = args[0];
        int n = Integer.parseInt(args[1]);
        List<DistroStream<String>> streams = new ArrayList<>();
        for (int a = 2; a < args.length; a++) {
            StreamSpec spec = StreamSpec.parse(args[a]);
            DistroStream<String> s = spec.open();
            streams.add(s);
            for (int i = 1; i <= n; i++) {
                String value = name + "-" + i;
                if (spec.isFile()) {
                    Path file = Path.of(spec.baseDir(), value + ".txt");
                    Files.writeString(file, value);
                    if (i == 1) {
                        s.publish(file.toString());
                    }
                } else {
                    s.publish(value);
                }
            }
            System.out.println("published " + n + " on " + spec.alias() + " " + s.getId());
        }
        System.out.println("ready");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in)).readLine();
        for (DistroStream<String> s : streams) {
            s.close();
        }
        System.out.println("closed");
    }
}
