package streamapp;

import io.braid.streams.ObjectDistroStream;

/** Usage: Consumer <alias>: attaches by alias, reads until the stream is closed, prints count and sum. */
public class Consumer {
    public static void main(String[] args) throws Exception {
        ObjectDistroStream<double[]> in = new ObjectDistroStream<>(args[0]);
        System.out.println("attached " + in.getId() + " mode " + in.getConsumerMode());
        long count = 0;
        double sum = 0;
        while (!in.isClosed()) {
            for (double[] x : in.poll(1_000)) {
                count++;
                sum += x[1];
            }
        }
        for (double[] x : in.poll()) {
            count++;
            sum += x[1];
        }
        System.out.printf("read %d sum %.0f%n", count, sum);
    }
}
