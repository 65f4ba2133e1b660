package io.braid.engine.scheduling.learning;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A learned storage-bandwidth constraint: {@code storageBW = "auto"} (unbounded) or
 * {@code storageBW = "auto(min,max,delta)"} (bounded). See {@link ConstraintLearner} for the
 * values each one tries.
 *
 * @param bounded false for plain "auto"
 * @param min     first value (MB/s), bounded only
 * @param max     last value (MB/s), bounded only
 * @param delta   factor between successive values (2 for plain "auto")
 */
public record AutoBandwidth(boolean bounded, double min, double max, double delta) {

    /** Plain "auto": start at node bandwidth / I/O executors and double. */
    public static final AutoBandwidth UNBOUNDED = new AutoBandwidth(false, 0, 0, 2);

    private static final String NUMBER = "\\s*([0-9]+(?:\\.[0-9]*)?)\\s*";
    private static final Pattern AUTO = Pattern.compile(
            "\\s*auto\\s*(?:\\(" + NUMBER + "," + NUMBER + "," + NUMBER + "\\))?\\s*", Pattern.CASE_INSENSITIVE);

    public AutoBandwidth {
        if (bounded && !(min > 0 && max >= min && delta > 1 && Double.isFinite(max) && Double.isFinite(delta))) {
            throw new IllegalArgumentException("auto(min,max,delta) needs 0 < min <= max and delta > 1");
        }
    }

    /** True when the value is spelled like an auto constraint ("auto...", case-insensitive). */
    public static boolean looksAuto(String value) {
        return value != null && value.trim().toLowerCase(Locale.ROOT).startsWith("auto");
    }

    /**
     * The auto constraint {@code value} spells, or null when it is not an auto constraint.
     *
     * @throws IllegalArgumentException when it starts with "auto" but is malformed or out of range
     */
    public static AutoBandwidth parse(String value) {
        if (!looksAuto(value)) {
            return null;
        }
        Matcher m = AUTO.matcher(value);
        if (!m.matches()) {
            throw new IllegalArgumentException("storageBW=\"" + value
                    + "\" is not a number, \"auto\" or \"auto(min,max,delta)\"");
        }
        if (m.group(1) == null) {
            return UNBOUNDED;
        }
        try {
            return new AutoBandwidth(true, Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                    Double.parseDouble(m.group(3)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("storageBW=\"" + value + "\": " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return bounded ? "auto(" + num(min) + "," + num(max) + "," + num(delta) + ")" : "auto";
    }

    static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
