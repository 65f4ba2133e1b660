package io.braid.comm.settings;

import java.util.List;

/**
 * One command-line option, declared once: its name, its other spellings (runcompss's among them),
 * the name of its value (null for a flag), its default and its one-line documentation.
 * {@link CommandLine} parses a command line against a list of them; a program's help (e.g.
 * {@code braid-run --help}, and docs/USER_GUIDE.md from it) is written from the same list.
 */
public record OptionSpec(String name, List<String> aliases, String valueName, String defaultValue, String doc) {

    /** An option that takes a value, with no other spelling. */
    public static OptionSpec value(String name, String valueName, String defaultValue, String doc) {
        return new OptionSpec(name, List.of(), valueName, defaultValue, doc);
    }

    /** A flag (no value), with its other spellings. */
    public static OptionSpec flag(String name, List<String> aliases, String doc) {
        return new OptionSpec(name, aliases, null, "false", doc);
    }

    public boolean isFlag() {
        return valueName == null;
    }

    public String usage() {
        StringBuilder b = new StringBuilder();
        for (String a : aliases) {
            b.append(a).append(a.startsWith("--") ? "" : (isFlag() ? "" : " " + valueName)).append(", ");
        }
        b.append(name);
        if (!isFlag()) {
            b.append('=').append(valueName);
        }
        return b.toString();
    }
}
