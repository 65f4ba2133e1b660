package io.braid.worker.execution.python;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Python task raised (or ran past its time-out): the task fails like a Java task that threw.
 * The message's first line, which the master's one-line failure report keeps, names the Python
 * exception and the innermost frame of its traceback; the whole traceback follows on the next
 * lines (runtime.log and the job's .err file show it). The innermost frame is the application's:
 * frames of the braid package's worker (an import or a lookup that failed) are passed over.
 */
public final class PythonTaskException extends RuntimeException {
    private static final Pattern FRAME = Pattern.compile("^\\s*File \"([^\"]+)\", line (\\d+), in (.+)$", Pattern.MULTILINE);

    PythonTaskException(String task, PythonTaskResult r) {
        super(message(task, r), null, false, false);
    }

    /** The message alone: the failure report's first line is about Python, not this Java class. */
    @Override
    public String toString() {
        return getMessage();
    }

    private static String message(String task, PythonTaskResult r) {
        String what = r.timedOut() ? "ran past its time-out" : "raised";
        StringBuilder b = new StringBuilder("Python task ").append(task).append(' ').append(what).append(' ')
                .append(r.errorType()).append(": ").append(r.message().replace('\n', ' '));
        String traceback = r.traceback() == null ? "" : r.traceback();
        Matcher m = FRAME.matcher(traceback);
        String last = null;
        while (m.find()) {
            if (!m.group(1).replace('\\', '/').contains("/braid/worker/")) { // not the worker's own frames
                last = m.group(1) + ":" + m.group(2) + " in " + m.group(3).strip();
            }
        }
        if (last != null) {
            b.append(" (at ").append(last).append(')');
        }
        if (!traceback.isBlank()) {
            b.append(System.lineSeparator()).append(traceback.stripTrailing());
        }
        return b.toString();
    }
}
