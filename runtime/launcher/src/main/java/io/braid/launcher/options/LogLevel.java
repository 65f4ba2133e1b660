package io.braid.launcher.options;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code --log_level}: how much the runtime logs (runtime.log, the workers' logs). The values are
 * written here only; the option's declaration and its check come from this enum.
 */
public enum LogLevel {
    OFF, INFO, DEBUG;

    /** {@code off|info|debug}, for the option's declaration. */
    public static String valueNames() {
        return Arrays.stream(values()).map(LogLevel::toString).collect(Collectors.joining("|"));
    }

    /**
     * Also runcompss's {@code api} (as {@code info}) and {@code trace} (as {@code debug}): Braid has
     * three levels.
     *
     * @throws UsageException naming the option and the value for anything else
     */
    public static LogLevel parse(String text) {
        if (text.equals("api")) {
            return INFO;
        }
        if (text.equals("trace")) {
            return DEBUG;
        }
        for (LogLevel l : values()) {
            if (l.toString().equals(text)) {
                return l;
            }
        }
        String expected = Arrays.stream(values()).map(LogLevel::toString).collect(Collectors.joining(", "));
        int last = expected.lastIndexOf(", ");
        throw new UsageException("--log_level=" + text + ": expected " + expected.substring(0, last) + " or "
                + expected.substring(last + 2));
    }

    /** The name on the command line and for SLF4J ({@code off}, {@code info}, {@code debug}). */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
