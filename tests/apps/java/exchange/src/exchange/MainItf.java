package exchange;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

/** The tasks of the asynchronous data exchange example, hybrid and task-only. */
public interface MainItf {

    /** Hybrid: one computation for all iterations, exchanging values with its neighbours through streams. */
    @Method(declaringClass = "exchange.Tasks")
    Long iterate(int cell, int cells, int iterations, int workMs,
                 @Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Long> mine,
                 @Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<Long> left);

    /** Task-only: one iteration of one computation. */
    @Method(declaringClass = "exchange.Tasks")
    Long step(Grid grid, int cell, int iteration, int workMs);

    /** Task-only: records a computation's value of this iteration in the grid. */
    @Method(declaringClass = "exchange.Tasks")
    void put(@Parameter(direction = Direction.INOUT) Grid grid, int cell, Long value);

    /** Task-only: the synchronisation of an iteration — every cell takes its left neighbour's previous value. */
    @Method(declaringClass = "exchange.Tasks")
    void exchange(@Parameter(direction = Direction.INOUT) Grid grid);
}
