package io.braid.engine.monitor;

import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;

import java.util.List;
import java.util.Locale;

/** The part of {@code --summary} about auto storage-bandwidth constraints: epochs and choices. */
public final class AutoConstraintSummary {

    private AutoConstraintSummary() {
    }

    /** One block per type, "" when no type has an auto constraint. */
    public static String format(List<AutoConstraintReport> reports) {
        StringBuilder b = new StringBuilder();
        for (AutoConstraintReport r : reports) {
            b.append('\n');
            block(b, r);
        }
        return b.toString();
    }

    private static void block(StringBuilder b, AutoConstraintReport r) {
        b.append("auto storageBW of ").append(r.taskType()).append(" (").append(r.spec()).append(")");
        if (r.learningNode() != null) {
            b.append(f(", learning node %s (%s MB/s, %d I/O executors)", r.learningNode(), mbs(r.nodeBandwidth()),
                    r.nodeIo()));
        }
        b.append(":\n");
        if (!r.epochs().isEmpty()) {
            b.append(f("  %5s %12s %8s %6s %12s%n", "epoch", "MB/s", "at once", "tasks", "mean ms"));
            for (Epoch e : r.epochs()) {
                b.append(f("  %5d %12.3f %8d %6d %12s", e.number(), e.constraint(), e.concurrency(), e.tasks(),
                        e.meanNanos() < 0 ? "-" : f("%.3f", e.meanMillis())));
                if (e.kind() == Epoch.Kind.PARTIAL) {
                    b.append("  partial: not used");
                } else if (e.kind() == Epoch.Kind.SAME_CONCURRENCY) {
                    b.append("  same concurrency as before: not run");
                }
                b.append('\n');
            }
        }
        if (r.stopReason() != null) {
            b.append("  learning stopped: ").append(r.stopReason()).append('\n');
        }
        if (r.ranElsewhere() > 0) {
            b.append(f("  while it learned, %d tasks ran on the other nodes (best value measured so far)%n",
                    r.ranElsewhere()));
        }
        switch (r.state()) {
            case NO_BANDWIDTH -> b.append("  no node that runs it declares a storage bandwidth: it held none\n");
            case WAITING -> b.append(f("  never learned (its learning node was busy); ran with %s MB/s%n",
                    mbs(r.constraint())));
            case LEARNING -> b.append(f("  learning did not finish (an epoch needs %d ready tasks at once); ran with"
                    + " the learning values%n", r.epochSize()));
            case LEARNED -> choice(b, r);
        }
    }

    private static void choice(StringBuilder b, AutoConstraintReport r) {
        ConstraintObjective.Choice c = r.choice();
        b.append("  chosen storageBW of ").append(r.taskType()).append(": ").append(mbs(c.constraint())).append(" MB/s");
        b.append(f(" for %d ready tasks (%d at once, ceil(%d/%d) x %.3f ms = %.3f ms)", c.readyTasks(),
                c.maxConcurrent(), c.readyTasks(), c.maxConcurrent(), c.meanNanos() / 1e6, c.cost() / 1e6));
        if (r.changes() > 0) {
            b.append(f("; re-evaluation changed it %d time%s", r.changes(), r.changes() == 1 ? "" : "s"));
        }
        b.append('\n');
    }

    /** MB/s without useless decimals: 60, 33.333. */
    static String mbs(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-9 ? Long.toString(Math.round(v)) : f("%.3f", v);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
