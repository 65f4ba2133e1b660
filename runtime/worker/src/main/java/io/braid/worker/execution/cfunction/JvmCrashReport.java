package io.braid.worker.execution.cfunction;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM's fatal error report on stderr says about a crash in native code: the signal
 * ({@code #  SIGSEGV (0xb) at pc=...}), the problematic frame ({@code # C  [libx.so+0x137c]  f+0x36})
 * and the report file ({@code # /path/hs_err_pid123.log}).
 *
 * @param signal the signal's name
 * @param frame  {@code f+0x36 (libx.so+0x137c)}, null when the report has none
 * @param file   the full report's path, null when it has none
 */
record JvmCrashReport(String signal, String frame, String file) {
    private static final Pattern SIGNAL = Pattern.compile("(?m)^#\\s+(SIG[A-Z]+) \\(0x[0-9a-f]+\\)");
    private static final Pattern FRAME = Pattern.compile("(?m)^# C[ \\t]+\\[([^\\]]+)\\][ \\t]*(\\S*)");
    private static final Pattern FILE = Pattern.compile("(?m)^#\\s+(/\\S*hs_err\\S*\\.log)");

    /** The report in {@code stderr}, or null when the process did not write one. */
    static JvmCrashReport find(String stderr) {
        Matcher s = SIGNAL.matcher(stderr);
        if (!s.find()) {
            return null;
        }
        Matcher f = FRAME.matcher(stderr);
        String frame = null;
        if (f.find()) {
            frame = f.group(2).isEmpty() ? f.group(1) : f.group(2) + " (" + f.group(1) + ")";
        }
        Matcher file = FILE.matcher(stderr);
        return new JvmCrashReport(s.group(1), frame, file.find() ? file.group(1) : null);
    }
}
