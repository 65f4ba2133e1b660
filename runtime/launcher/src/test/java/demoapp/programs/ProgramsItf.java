package demoapp.programs;

import io.braid.api.Binary;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.MPI;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.StdIOStream;
import io.braid.api.Type;

@Constraints(memorySize = "0.5")
public interface ProgramsItf {
    @Binary(binary = "${BIN}/prog", workingDir = "/tmp/wd", failByExitValue = "true")
    Integer run(@Parameter(prefix = "-n") int n,
                @Parameter(type = Type.FILE, direction = Direction.OUT, stream = StdIOStream.STDOUT) String out);

    @MPI(mpiRunner = "mpirun", binary = "sim", processes = "2", scaleByCU = true, mpiFlags = "--oversubscribe  -v",
         constraints = @Constraints(computingUnits = "3"))
    void simulate(int steps);

    @MPI(mpiRunner = "mpirun", binary = "old", computingNodes = "4")
    void older();

    @Method(declaringClass = "demoapp.programs.Impl", constraints = @Constraints(processorArchitecture = "x86"))
    @Binary(binary = "a", constraints = @Constraints(processorArchitecture = "arm"))
    @Binary(binary = "b")
    int both(int x);
}
