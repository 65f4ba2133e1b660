package simulations;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.FileDistroStream;

/** The tasks of the continuous data generation example, hybrid and task-only. */
public interface MainItf {

    /** Hybrid: a simulation publishes each output file into its stream as soon as it is written. */
    @Method(declaringClass = "simulations.Tasks")
    void simulate(@Parameter(type = Type.STREAM, direction = Direction.OUT) FileDistroStream out,
                  int sim, int files, int stepMs);

    /** Task-only: the same simulation, its files in a directory, all written before the task ends. */
    @Method(declaringClass = "simulations.Tasks")
    void simulateToDir(String dir, int sim, int files, int stepMs);

    /** Processes one output file. */
    @Method(declaringClass = "simulations.Tasks")
    Long process(@Parameter(type = Type.FILE, direction = Direction.IN) String file, int workMs);

    /** Merges the results of one simulation. */
    @Method(declaringClass = "simulations.Tasks")
    Long merge(Long total, Long part);
}
