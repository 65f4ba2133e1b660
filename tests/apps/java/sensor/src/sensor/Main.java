package sensor;

import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * External stream (hybrid workflow example c). A sensor process outside the application
 * ({@link Sensor}) publishes readings to the object stream named {@code <alias>}; this
 * application attaches to it by alias, runs {@code <filters>} filter tasks that share its
 * readings and forward the relevant ones to an internal stream, one extractor task that collects
 * them, and {@code <parts>} statistics tasks plus combine tasks on what it collected.
 *
 * <p>Usage (under braid-run, with BRAID_STREAM_SERVER naming the server the sensor uses):
 * {@code Main <alias> <filters> <parts>}. Prints {@code filter <i> read=<k>} per filter,
 * {@code readings=<total read>}, {@code relevant count=<c> sum=<s> min=<m> max=<M>} and
 * {@code relevant_seqs=<sorted sequence numbers>}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String alias = args[0];
        int filters = Integer.parseInt(args[1]);
        int parts = Integer.parseInt(args[2]);

        // Attaches to the sensor's stream (or creates it, if the sensor has not started yet).
        ObjectDistroStream<Reading> readings = new ObjectDistroStream<>(alias, ConsumerMode.EXACTLY_ONCE);
        ObjectDistroStream<Reading> relevant = new ObjectDistroStream<>(ConsumerMode.EXACTLY_ONCE);
        System.out.println("attached to " + readings.getId() + " ('" + alias + "')");

        List<Integer> read = new ArrayList<>();
        for (int i = 0; i < filters; i++) {
            read.add(Tasks.filter(readings, relevant)); // each filter is a writer of 'relevant' from now on
        }
        ArrayList<Reading> items = Tasks.extract(relevant);
        Stats total = null;
        for (int p = 0; p < parts; p++) {
            Stats s = Tasks.stats(items, p, parts); // waits for the extractor, not for the main program
            total = total == null ? s : Tasks.combine(total, s);
        }

        int sum = 0;
        for (int i = 0; i < filters; i++) {
            int k = read.get(i); // first use of a filter's result: waits for it
            System.out.println("filter " + i + " read=" + k);
            sum += k;
        }
        System.out.println("readings=" + sum);
        System.out.println("relevant " + total);
        System.out.println("relevant_seqs=" + items.stream().map(Reading::seq).sorted().map(String::valueOf)
                .collect(Collectors.joining(",")));
    }
}
