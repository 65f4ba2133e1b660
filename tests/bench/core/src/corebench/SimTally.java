package corebench;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** What {@link FailureSim} counts while it runs, the invariants it found broken, and its summary lines. */
final class SimTally {
    long jobsDispatched;
    long jobsLostWithNode;
    final Set<Long> resubmittedTasks = new HashSet<>();
    long reruns;
    long rerunsHitByFailure;
    long inputUnavailable;
    long killsRandom;
    long killsAtRerun;
    long killsAtEnd;
    long restarted;
    long excluded;
    final List<String> violations = new ArrayList<>();

    /** A broken invariant: printed (the first 20) and counted. */
    void violation(String what) {
        if (violations.size() < 20) {
            System.out.println("VIOLATION " + what);
        }
        violations.add(what);
    }

    long nodeFailures() {
        return killsRandom + killsAtRerun + killsAtEnd;
    }

    /** The summary ("# ..." lines) and the RESULT lines of figures named {@code tag}_*. */
    void print(String tag, int taskCount, double secs, double cpuSecs) {
        System.out.printf("# node failures: %d (%d random, %d during a re-run for lost data, %d before the final"
                        + " reads); %d came back as restarted workers, %d excluded%n",
                nodeFailures(), killsRandom, killsAtRerun, killsAtEnd, restarted, excluded);
        System.out.printf("# jobs: %d sent, %d lost with their node (%d tasks resubmitted), %d re-runs for lost data"
                        + " (%d of them on a node that then died), %d input-unavailable retries%n", jobsDispatched,
                jobsLostWithNode, resubmittedTasks.size(), reruns, rerunsHitByFailure, inputUnavailable);
        System.out.printf("# every task ended once for the main program, values right, no fatal error: %s%n",
                violations.isEmpty() ? "yes" : "NO (" + violations.size() + " violations)");
        System.out.printf("RESULT %s_decisions %.0f decisions/s%n", tag, jobsDispatched / secs);
        System.out.printf("RESULT %s_cost %.2f us/decision%n", tag, secs * 1e6 / jobsDispatched);
        System.out.printf("RESULT %s_cpu_cost %.2f us/decision%n", tag, cpuSecs * 1e6 / jobsDispatched);
        System.out.printf("RESULT %s_wall %.2f s%n", tag, secs);
        System.out.printf("RESULT %s_tasks %d tasks%n", tag, taskCount);
        System.out.printf("RESULT %s_node_failures %d nodes%n", tag, nodeFailures());
        System.out.printf("RESULT %s_resubmitted %d tasks%n", tag, resubmittedTasks.size());
        System.out.printf("RESULT %s_reruns_lost_data %d tasks%n", tag, reruns);
        System.out.printf("RESULT %s_violations %d count%n", tag, violations.size());
    }
}
