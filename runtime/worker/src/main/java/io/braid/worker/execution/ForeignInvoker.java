package io.braid.worker.execution;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.RunTask;
import io.braid.worker.execution.c.CJobs;
import io.braid.worker.execution.python.PythonJobs;

/**
 * Runs jobs whose implementation is a function of another language ({@link RunTask#foreign()}),
 * handing each to its language's runner. Objects stay the opaque bytes the main program made.
 */
public final class ForeignInvoker {
    private final PythonJobs python;
    private final CJobs c;

    public ForeignInvoker(PythonJobs python, CJobs c) {
        this.python = python;
        this.c = c;
    }

    /** See {@link PythonJobs#run} and {@link CJobs#run}: {@code values} in, the written objects' new bytes out. */
    void run(RunTask job, Object[] values) throws Exception {
        ForeignCall f = job.foreign();
        if (ForeignCall.PYTHON.equals(f.language())) {
            python.run(job, values);
            return;
        }
        if (ForeignCall.C.equals(f.language()) && c != null) {
            c.run(job, values);
            return;
        }
        throw new IllegalArgumentException("task " + f.module() + "." + f.function() + ": this worker runs no "
                + f.language() + " tasks (python, c)");
    }
}
