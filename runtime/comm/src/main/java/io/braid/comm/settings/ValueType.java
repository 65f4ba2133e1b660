package io.braid.comm.settings;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How a setting's text becomes a value, and what the text must look like (the "expected ..."
 * part of a {@link SettingException} and the docs' value column). {@link #parse} throws
 * {@link IllegalArgumentException} for text that does not parse; the caller adds the setting's
 * name and value to the message.
 */
public record ValueType<T>(String expected, Function<String, T> parse) {

    public static final ValueType<String> STRING = new ValueType<>("a string", s -> s);
    public static final ValueType<Integer> INT = new ValueType<>("an integer", s -> Integer.parseInt(s.trim()));
    public static final ValueType<Long> LONG = new ValueType<>("an integer", s -> Long.parseLong(s.trim()));
    /** Only {@code true} or {@code false} (any case): {@code Boolean.parseBoolean} takes a typo for false. */
    public static final ValueType<Boolean> BOOLEAN = new ValueType<>("true or false", s -> {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (!t.equals("true") && !t.equals("false")) {
            throw new IllegalArgumentException("not a boolean");
        }
        return t.equals("true");
    });

    /** One of the enum's constants, by their lower-case names (any case accepted). */
    public static <E extends Enum<E>> ValueType<E> oneOf(Class<E> type) {
        String names = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining("|"));
        return new ValueType<>(names, s -> Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT)));
    }

    /** A type checked by {@code parse} with its own description ({@code parse} throws for bad text). */
    public static <T> ValueType<T> of(String expected, Function<String, T> parse) {
        return new ValueType<>(expected, parse);
    }
}
