package compssbinary;

import io.braid.api.Binary;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.MPI;
import io.braid.api.Method;
import io.braid.api.OnFailure;
import io.braid.api.Parameter;
import io.braid.api.StdIOStream;
import io.braid.api.Type;
import io.braid.streams.FileDistroStream;

/** Binary and MPI tasks declared as in COMPSs (only the imports differ). */
public interface MainItf {

    @Binary(binary = "${BIN_DIR}/args.sh")
    Integer args(int n, @Parameter(prefix = "--name=") String name, boolean flag,
        @Parameter(type = Type.FILE, direction = Direction.IN, prefix = "-i") String input,
        @Parameter(prefix = "#") String skipped,
        @Parameter(type = Type.FILE, direction = Direction.OUT, stream = StdIOStream.STDOUT) String out);

    @Binary(binary = "${BIN_DIR}/filter.sh", workingDir = "${WORK_DIR}/filter")
    Integer filter(int exitValue,
        @Parameter(type = Type.FILE, direction = Direction.IN, stream = StdIOStream.STDIN) String in,
        @Parameter(type = Type.FILE, direction = Direction.OUT, stream = StdIOStream.STDOUT) String out,
        @Parameter(type = Type.FILE, direction = Direction.OUT, stream = StdIOStream.STDERR) String err);

    @Binary(binary = "${BIN_DIR}/filter.sh", failByExitValue = "true")
    Integer mustSucceed(int exitValue,
        @Parameter(type = Type.FILE, direction = Direction.IN, stream = StdIOStream.STDIN) String in);

    @MPI(mpiRunner = "mpirun", binary = "${BIN_DIR}/hello_mpi", processes = "2", mpiFlags = "--oversubscribe")
    Integer mpiHello(String word,
        @Parameter(type = Type.FILE, direction = Direction.OUT, stream = StdIOStream.STDOUT) String out);

    @Method(declaringClass = "compssbinary.Tasks",
        constraints = @Constraints(computingUnits = "2", processorArchitecture = "java_arch"))
    @Binary(binary = "${BIN_DIR}/where.sh", constraints = @Constraints(computingUnits = "2",
        processorArchitecture = "binary_arch"))
    void where(int i, String markers, @Parameter(type = Type.FILE, direction = Direction.OUT) String out);

    @Method(declaringClass = "compssbinary.Tasks", timeOut = "2000", onFailure = OnFailure.FAIL,
        constraints = @Constraints(processorArchitecture = "java_arch"))
    @Binary(binary = "${BIN_DIR}/sleepy.sh")
    Integer sleepy(String pidFile);

    @Binary(binary = "${BIN_DIR}/produce.sh")
    Integer produce(@Parameter(type = Type.STREAM, direction = Direction.OUT) FileDistroStream fds, int count,
        String marker);

    @MPI(mpiRunner = "mpirun", binary = "${BIN_DIR}/hello_mpi", processes = "2", mpiFlags = "--oversubscribe")
    Integer simulate(@Parameter(prefix = "-d") String mode,
        @Parameter(type = Type.STREAM, direction = Direction.OUT) FileDistroStream fds);

    @Method(declaringClass = "compssbinary.Tasks")
    Integer consume(@Parameter(type = Type.STREAM, direction = Direction.IN) FileDistroStream fds, String marker);
}
