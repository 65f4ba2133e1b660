package sensor;

import java.io.Serializable;

/** Count, sum, minimum and maximum of reading values; {@link #plus} combines two. */
public final class Stats implements Serializable {
    private static final long serialVersionUID = 1L;

    private long count;
    private long sum;
    private int min = Integer.MAX_VALUE;
    private int max = Integer.MIN_VALUE;

    public Stats() {
    }

    public void add(int value) {
        count++;
        sum += value;
        min = Math.min(min, value);
        max = Math.max(max, value);
    }

    public Stats plus(Stats other) {
        Stats s = new Stats();
        s.count = count + other.count;
        s.sum = sum + other.sum;
        s.min = Math.min(min, other.min);
        s.max = Math.max(max, other.max);
        return s;
    }

    public long count() {
        return count;
    }

    @Override
    public String toString() {
        return "count=" + count + " sum=" + sum + " min=" + (count == 0 ? "-" : min) + " max=" + (count == 0 ? "-" : max);
    }
}
