package sensor;

import java.io.Serializable;

/**
 * One sensor reading. Reading {@code seq} has the value {@code (37 * seq + 11) mod 100}, and it is
 * relevant when that value is at least {@value #RELEVANT_FROM}: 37 and 100 being coprime, every
 * 100 consecutive readings hold exactly 25 relevant ones, so results are known in advance.
 */
public final class Reading implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Values from this one up are relevant. */
    public static final int RELEVANT_FROM = 75;

    private final int seq;
    private final int value;

    private Reading(int seq, int value) {
        this.seq = seq;
        this.value = value;
    }

    /** The {@code seq}-th reading of the sensor. */
    public static Reading of(int seq) {
        return new Reading(seq, (37 * seq + 11) % 100);
    }

    public int seq() {
        return seq;
    }

    public int value() {
        return value;
    }

    public boolean relevant() {
        return value >= RELEVANT_FROM;
    }

    @Override
    public String toString() {
        return "reading " + seq + "=" + value;
    }
}
