package io.braid.worker.execution.python;

/**
 * The failures of one Python task's publishes, which get no reply (docs/DESIGN.md, "Python worker
 * protocol"), until they are reported: as the error of the task's next request that has a reply, or,
 * when none comes, as the task's failure once its result arrives, so no failure is lost. The first
 * failure is named (stream, request number, reason) with the number of those after it. Used by the
 * thread reading the task's pipe, and by the one that takes the result: synchronized.
 */
final class UnreportedPublishes {
    /** A failure to report: the error kind Python raises ({@code BackendException} ...) and its message. */
    record Failure(String kind, String message) {
    }

    private String kind;
    private String first;
    private int more;

    /** Request {@code req}, an {@code op} on {@code stream}, failed with a {@code kind} error saying {@code reason}. */
    synchronized void failed(String op, String stream, long req, String kind, String reason) {
        if (first != null) {
            more++;
            return;
        }
        this.kind = kind;
        this.first = op + " (request " + req + ") on stream " + stream + " failed: " + reason;
    }

    /** The failures not reported yet, now reported (null when there are none). */
    synchronized Failure take() {
        if (first == null) {
            return null;
        }
        String message = more == 0 ? first
                : first + " (and " + more + " later publish" + (more == 1 ? "" : "es") + " of the task failed too)";
        Failure f = new Failure(kind, message);
        first = null;
        kind = null;
        more = 0;
        return f;
    }
}
