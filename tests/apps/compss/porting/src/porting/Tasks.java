package porting;

import es.bsc.distrostreamlib.api.objects.ObjectDistroStream;
import es.bsc.distrostreamlib.exceptions.BackendException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;


public class Tasks {

    public static void increment(String counterFile) throws IOException {
        int value = Integer.parseInt(new String(Files.readAllBytes(Paths.get(counterFile))).trim());
        Files.write(Paths.get(counterFile), String.valueOf(value + 1).getBytes());
    }

    public static void produce(ObjectDistroStream<Integer> ods, int n) throws BackendException {
        for (int i = 1; i <= n; ++i) {
            ods.publish(i);
        }
        ods.close();
    }

    public static Integer consume(ObjectDistroStream<Integer> ods) throws BackendException {
        int sum = 0;
        while (!ods.isClosed()) {
            for (Integer i : ods.poll(100)) {
                sum += i;
            }
        }
        for (Integer i : ods.poll()) {
            sum += i;
        }
        return sum;
    }
}
