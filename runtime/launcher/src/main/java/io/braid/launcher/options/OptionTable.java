package io.braid.launcher.options;

import io.braid.comm.settings.OptionSpec;

import java.io.PrintStream;

/**
 * Prints braid-run's option names, one per line as {@code NAME<TAB>flag|value|optional} (aliases
 * and runcompss's flags included), for scripts that pass braid-run options through
 * (scripts/braid-enqueue): they learn from the one declaration ({@link LauncherOptions#SPECS},
 * {@link CompssFlags#FLAGS}) which options take the next argument as their value ({@code value}
 * only: an {@code optional} value is only ever given as {@code --name=value}).
 */
public final class OptionTable {
    private OptionTable() {
    }

    public static void main(String[] args) {
        print(System.out);
    }

    static void print(PrintStream out) {
        for (OptionSpec s : LauncherOptions.ALL) {
            String kind = s.isFlag() ? "flag" : s.isValueOptional() ? "optional" : "value";
            out.println(s.name() + "\t" + kind);
            for (String a : s.aliases()) {
                out.println(a + "\t" + kind);
            }
        }
    }
}
