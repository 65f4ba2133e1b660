package io.braid.engine.monitor;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.PrintStream;

/**
 * The live "done / running / pending" line on stderr, redrawn in place at most every 200 ms.
 * Only used when the run has a terminal. The application's own output erases it first, so the
 * two never share a line; it is redrawn at the next update.
 */
public final class ProgressLine {
    private static final long PERIOD_NANOS = 200_000_000L;
    private static final String ERASE = "\r\033[K";

    private final PrintStream out;
    private long lastDraw;
    private boolean drawn;
    private boolean closed;

    public ProgressLine(PrintStream out) {
        this.out = out;
    }

    /** A terminal is attached to this process (stderr is then a terminal too in practice). */
    public static boolean wanted() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** Makes the application's stdout erase the line before it writes. */
    public void guard(PrintStream appOut) {
        System.setOut(new PrintStream(new FilterOutputStream(appOut) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                erase();
                out.write(b, off, len);
            }

            @Override
            public void write(int b) throws IOException {
                erase();
                out.write(b);
            }
        }, true));
    }

    public synchronized void update(long done, long running, long pending, long nowNanos) {
        if (closed || nowNanos - lastDraw < PERIOD_NANOS) {
            return;
        }
        lastDraw = nowNanos;
        drawn = true;
        out.print(ERASE + "[braid] tasks done " + done + " | running " + running + " | pending " + pending);
        out.flush();
    }

    /** Erases the line for good: nothing is drawn after the run's end. */
    public synchronized void clear() {
        closed = true;
        erase();
    }

    private synchronized void erase() {
        if (drawn) {
            out.print(ERASE);
            out.flush();
            drawn = false;
        }
    }
}
