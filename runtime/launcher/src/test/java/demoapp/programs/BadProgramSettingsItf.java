package demoapp.programs;

import io.braid.api.Binary;
import io.braid.api.Constraints;
import io.braid.api.MPI;

/** One bad setting per task type: each is loaded alone ({@code ProgramTasksTest}). */
public interface BadProgramSettingsItf {
    /** A binary with no binary. */
    interface NoBinary {
        @Binary(workingDir = "/tmp")
        void run(int n);
    }

    /** MPI processes that are not a whole number >= 1. */
    interface ZeroProcesses {
        @MPI(mpiRunner = "mpirun", binary = "sim", processes = "0")
        void run(int n);
    }

    /** Units per MPI process that are not a whole number >= 1. */
    interface HalfUnits {
        @MPI(mpiRunner = "mpirun", binary = "sim", constraints = @Constraints(computingUnits = "half"))
        void run(int n);
    }

    /** A flag that is neither true nor false. */
    interface MaybeFails {
        @Binary(binary = "prog", failByExitValue = "maybe")
        void run(int n);
    }
}
