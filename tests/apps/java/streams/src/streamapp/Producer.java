package streamapp;

import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;

/** Usage: Producer <alias> <n>: publishes the samples 1..n (as double[]{i, i*i}) and closes. */
public class Producer {
    public static void main(String[] args) throws Exception {
        ObjectDistroStream<double[]> s = new ObjectDistroStream<>(args[0], ConsumerMode.AT_LEAST_ONCE);
        int n = Integer.parseInt(args[1]);
        for (int i = 1; i <= n; i++) {
            s.publish(new double[] {i, (double) i * i});
        }
        s.close();
        System.out.println("published " + n + " on " + s.getId());
    }
}
