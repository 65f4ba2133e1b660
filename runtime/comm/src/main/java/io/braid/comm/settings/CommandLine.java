package io.braid.comm.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one command-line parser of Braid's programs (braid-run, the worker, the standalone stream
 * server), against their declared {@link OptionSpec}s: {@code --name=value}, a flag alone, an
 * optional value left out ({@code --graph}), and, where the program allows it, {@code --name value}
 * and operands after the options.
 */
public final class CommandLine {

    /** How a program's command line is laid out. */
    public enum Style {
        /** Options first ({@code --name=value} or {@code --name value}), then the operands from the first non-option on (braid-run). */
        OPTIONS_THEN_OPERANDS,
        /** Options only, each a flag or {@code --name=value} (the worker, the stream server). */
        OPTIONS_ONLY
    }

    /** A wrong command line: the problem and the argument it is about. */
    public static final class Problem extends IllegalArgumentException {
        /** What is wrong. */
        public enum Kind { UNKNOWN, FLAG_WITH_VALUE, MISSING_VALUE }

        private final Kind kind;
        private final String argument;

        Problem(Kind kind, String argument, String message) {
            super(message);
            this.kind = kind;
            this.argument = argument;
        }

        public Kind kind() {
            return kind;
        }

        /** The argument as given ({@code --bogus=1}). */
        public String argument() {
            return argument;
        }
    }

    /**
     * What a command line said: each option's values by its name (repeatable, in order; a flag's
     * value is {@code "true"}), and the operands.
     */
    public record Parsed(Map<String, List<String>> values, List<String> operands) {
        /** The option's last value, else its declared default. */
        public String get(OptionSpec option) {
            List<String> v = values.get(option.name());
            return v != null ? v.get(v.size() - 1) : option.defaultValue();
        }

        public boolean isSet(OptionSpec option) {
            return values.containsKey(option.name());
        }
    }

    private CommandLine() {
    }

    /**
     * @throws Problem naming the option that is unknown, a flag given a value, or an option
     *                 without its value ({@code option --resources needs a value: --resources=FILE})
     */
    public static Parsed parse(List<OptionSpec> options, String[] args, Style style) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        int i = 0;
        while (i < args.length && (style == Style.OPTIONS_ONLY || args[i].startsWith("-"))) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String key = eq > 0 ? arg.substring(0, eq) : arg;
            OptionSpec spec = find(options, key);
            if (spec == null) {
                throw new Problem(Problem.Kind.UNKNOWN, arg, "unknown option " + key);
            }
            String value;
            if (spec.isFlag()) {
                if (eq > 0) {
                    throw new Problem(Problem.Kind.FLAG_WITH_VALUE, arg, "option " + key + " takes no value");
                }
                value = "true";
            } else if (eq > 0) {
                value = arg.substring(eq + 1);
            } else if (spec.isValueOptional()) {
                value = spec.bareValue();
            } else if (style == Style.OPTIONS_THEN_OPERANDS && i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new Problem(Problem.Kind.MISSING_VALUE, arg, "option " + key + " needs a value: " + spec.usage());
            }
            values.computeIfAbsent(spec.name(), k -> new ArrayList<>()).add(value);
            i++;
        }
        List<String> operands = i < args.length ? List.of(args).subList(i, args.length) : List.of();
        return new Parsed(values, operands);
    }

    /** The option named {@code key} or one of its other spellings, or null. */
    public static OptionSpec find(List<OptionSpec> options, String key) {
        for (OptionSpec s : options) {
            if (s.name().equals(key) || s.aliases().contains(key)) {
                return s;
            }
        }
        return null;
    }

    /** One help line per option: its spellings and value, its doc and its default, as braid-run --help prints them. */
    public static String help(List<OptionSpec> options) {
        StringBuilder b = new StringBuilder();
        for (OptionSpec s : options) {
            b.append(String.format("  %-44s %s%s%n", s.usage(), s.doc(),
                    s.isFlag() || s.defaultValue().isEmpty() ? "" : " [default: " + s.defaultValue() + "]"));
        }
        return b.toString();
    }
}
