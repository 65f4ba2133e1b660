package io.braid.launcher.options;

import java.util.List;

/**
 * One launcher option, declared once: its name, its other spellings (runcompss's among them),
 * the name of its value (null for a flag), its default and its one-line documentation.
 * {@code braid-run --help} and docs/USER_GUIDE.md are written from these declarations.
 */
public record OptionSpec(String name, List<String> aliases, String valueName, String defaultValue, String doc) {

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
