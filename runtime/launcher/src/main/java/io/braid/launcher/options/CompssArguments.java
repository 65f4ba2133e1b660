package io.braid.launcher.options;

import io.braid.comm.settings.CommandLine;
import io.braid.comm.settings.OptionSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites runcompss's spellings among braid-run's options before they are parsed, keeping their
 * order so that the last one given still wins (as in runcompss): a getopts bundle is split
 * ({@code -dgt} is {@code -d -g -t}), and a flag that is the same as a braid-run option
 * ({@link CompssFlags.SameAs}) becomes that option ({@code -d} is {@code --log_level=debug},
 * {@code --log_dir X} is {@code --base_log_dir=X}). Everything from the application on is left
 * as it is.
 */
final class CompssArguments {
    /** runcompss's one-letter flags (getopts {@code hvgtmdp}, and {@code -z}). */
    static final String LETTERS = "hvgtmdpz";

    private CompssArguments() {
    }

    /** {@code args} with the options rewritten; a value given apart ({@code -cp X}) is kept whole. */
    static String[] rewrite(String[] args, List<OptionSpec> options) {
        List<String> out = new ArrayList<>();
        int i = 0;
        for (; i < args.length && args[i].startsWith("-"); i++) {
            String a = args[i];
            if (a.length() > 2 && !a.startsWith("--") && a.substring(1).chars().allMatch(c -> LETTERS.indexOf(c) >= 0)) {
                for (char c : a.substring(1).toCharArray()) {
                    String letter = "-" + c;
                    String rewritten = sameAs(letter, null);
                    out.add(rewritten != null ? rewritten : letter);
                }
                continue;
            }
            int eq = a.indexOf('=');
            OptionSpec spec = CommandLine.find(options, eq > 0 ? a.substring(0, eq) : a);
            boolean valueApart = spec != null && eq < 0 && !spec.isFlag() && !spec.isValueOptional() && i + 1 < args.length;
            String value = eq > 0 ? a.substring(eq + 1) : valueApart ? args[i + 1] : null;
            String rewritten = spec == null ? a : sameAs(spec.name(), value);
            if (rewritten != null) {
                out.add(rewritten);
                if (valueApart) {
                    i++;
                }
            } else {
                out.add(a);
                if (valueApart) {
                    out.add(args[++i]);
                }
            }
        }
        for (; i < args.length; i++) {
            out.add(args[i]);
        }
        return out.toArray(String[]::new);
    }

    /**
     * The braid-run option a runcompss flag named {@code name} (any spelling) with {@code value}
     * (null: none given) stands for, or null when it is not a {@link CompssFlags.SameAs} flag.
     */
    private static String sameAs(String name, String value) {
        OptionSpec spec = CommandLine.find(CompssFlags.specs(), name);
        CompssFlags.Flag flag = spec == null ? null : CompssFlags.find(spec.name());
        if (flag == null || !(flag.treatment() instanceof CompssFlags.SameAs same)) {
            return null;
        }
        OptionSpec target = CommandLine.find(LauncherOptions.SPECS, same.option());
        if (target.isFlag()) {
            return target.name();
        }
        return target.name() + "=" + (same.value() != null ? same.value() : value);
    }
}
