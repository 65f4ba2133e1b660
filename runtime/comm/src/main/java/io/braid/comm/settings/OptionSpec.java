package io.braid.comm.settings;

import java.util.List;

/**
 * One command-line option, declared once: its name, its other spellings (runcompss's among them),
 * the name of its value (null for a flag), its default and its one-line documentation.
 * {@link CommandLine} parses a command line against a list of them; a program's help (e.g.
 * {@code braid-run --help}, and docs/USER_GUIDE.md from it) is written from the same list.
 *
 * <p>{@code bareValue} makes the value optional, as runcompss's {@code --graph[=BOOL]}: the option
 * alone means that value, and a value is only ever given as {@code --name=value} (the next
 * argument is never taken as its value). Null for an option that always or never takes one.
 */
public record OptionSpec(String name, List<String> aliases, String valueName, String defaultValue, String doc,
                         String bareValue) {

    /** An option that always takes a value ({@code valueName} non-null) or a flag (null). */
    public OptionSpec(String name, List<String> aliases, String valueName, String defaultValue, String doc) {
        this(name, aliases, valueName, defaultValue, doc, null);
    }

    /** An option that takes a value, with no other spelling. */
    public static OptionSpec value(String name, String valueName, String defaultValue, String doc) {
        return new OptionSpec(name, List.of(), valueName, defaultValue, doc);
    }

    /** A flag (no value), with its other spellings. */
    public static OptionSpec flag(String name, List<String> aliases, String doc) {
        return new OptionSpec(name, aliases, null, "false", doc);
    }

    /** An option whose value is optional: alone it means {@code bareValue}; else {@code --name=value}. */
    public static OptionSpec optionalValue(String name, List<String> aliases, String valueName, String defaultValue,
                                           String bareValue, String doc) {
        return new OptionSpec(name, aliases, valueName, defaultValue, doc, bareValue);
    }

    public boolean isFlag() {
        return valueName == null;
    }

    /** Its value may be left out ({@code --graph} as well as {@code --graph=false}). */
    public boolean isValueOptional() {
        return valueName != null && bareValue != null;
    }

    public String usage() {
        StringBuilder b = new StringBuilder();
        for (String a : aliases) {
            b.append(a).append(a.startsWith("--") || isValueOptional() ? "" : (isFlag() ? "" : " " + valueName)).append(", ");
        }
        b.append(name);
        if (isValueOptional()) {
            b.append("[=").append(valueName).append(']');
        } else if (!isFlag()) {
            b.append('=').append(valueName);
        }
        return b.toString();
    }
}
