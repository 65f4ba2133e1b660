package io.braid.launcher.options;

import io.braid.comm.settings.CommandLine;
import io.braid.comm.settings.OptionSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * runcompss reads its one-letter flags with getopts, so {@code -dgt} is {@code -d -g -t}: a
 * bundle made only of those letters is split here, before parsing; anything else ({@code -cp})
 * is left as it is.
 */
final class ShortFlags {
    /** runcompss's one-letter flags (getopts {@code hvgtmdp}, and {@code -z}). */
    static final String LETTERS = "hvgtmdpz";

    private ShortFlags() {
    }

    /** {@code args} with each bundle among the options split; a value given apart ({@code -cp X}) is kept whole. */
    static String[] expand(String[] args, List<OptionSpec> options) {
        List<String> out = new ArrayList<>();
        int i = 0;
        for (; i < args.length && args[i].startsWith("-"); i++) {
            String a = args[i];
            if (a.length() > 2 && !a.startsWith("--") && a.substring(1).chars().allMatch(c -> LETTERS.indexOf(c) >= 0)) {
                for (char c : a.substring(1).toCharArray()) {
                    out.add("-" + c);
                }
                continue;
            }
            out.add(a);
            OptionSpec spec = a.contains("=") ? null : CommandLine.find(options, a);
            if (spec != null && !spec.isFlag() && !spec.isValueOptional() && i + 1 < args.length) {
                out.add(args[++i]);
            }
        }
        for (; i < args.length; i++) {
            out.add(args[i]);
        }
        return out.toArray(String[]::new);
    }
}
