package porting;

import es.bsc.compss.api.COMPSs;
import static es.bsc.compss.api.COMPSs.barrier;
import es.bsc.distrostreamlib.exceptions.RegistrationException;
import es.bsc.distrostreamlib.types.*;
import es.bsc.distrostreamlib.api.objects.ObjectDistroStream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;


/**
 * A COMPSs application as COMPSs users write it, kept with COMPSs' imports: PortCompssScriptTest
 * ports it with scripts/braid-port-compss, compiles and runs it. Usage: {@code Main <increments> <n>}.
 */
public class Main {

    public static void main(String[] args) throws IOException, RegistrationException, Exception {
        int increments = Integer.parseInt(args[0]);
        int n = Integer.parseInt(args[1]);
        System.out.println(COMPSsHelper.banner());

        // A file updated by a chain of tasks
        String counter = "counter.txt";
        Files.write(Paths.get(counter), "0".getBytes());
        for (int i = 0; i < increments; ++i) {
            Tasks.increment(counter);
        }
        COMPSs.getFile(counter);
        System.out.println("[LOG] counter=" + new String(Files.readAllBytes(Paths.get(counter))).trim());

        // An object stream between two tasks
        ObjectDistroStream<Integer> ods = new ObjectDistroStream<>(ConsumerMode.AT_MOST_ONCE);
        Tasks.produce(ods, n);
        Integer sum = Tasks.consume(ods);
        es.bsc.compss.api.COMPSs.barrier();
        barrier();
        char quote = '"';
        System.out.println("[LOG] sum=" + sum + " type=" + ods.getStreamType() + " " + quote + "COMPSs" + quote);
    }
}
