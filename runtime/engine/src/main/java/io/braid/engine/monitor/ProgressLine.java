package io.braid.engine.monitor;

import java.io.PrintStream;

/**
 * The live "done / running / pending" line on stderr, redrawn in place at most every 200 ms.
 * Only used when stderr is a terminal.
 */
public final class ProgressLine {
    private static final long PERIOD_NANOS = 200_000_000L;

    private final PrintStream out;
    private long lastDraw;
    private boolean drawn;

    public ProgressLine(PrintStream out) {
        this.out = out;
    }

    /** A terminal is attached to this process (stderr is then a terminal too in practice). */
    public static boolean wanted() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    public void update(long done, long running, long pending, long nowNanos) {
        if (nowNanos - lastDraw < PERIOD_NANOS) {
            return;
        }
        lastDraw = nowNanos;
        drawn = true;
        out.print("\r[braid] tasks done " + done + " | running " + running + " | pending " + pending + "   ");
        out.flush();
    }

    public void clear() {
        if (drawn) {
            out.print("\r\033[K");
            out.flush();
            drawn = false;
        }
    }
}
