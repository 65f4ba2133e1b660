package batches;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;

/** The tasks of the nested hybrid example. */
public interface MainItf {

    /** Publishes the elements from, from + 1, ..., from + count - 1, one every pauseMs. */
    @Method(declaringClass = "batches.Tasks")
    void produce(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Integer> out,
                 int from, int count, int pauseMs);

    /** Processes one batch. */
    @Method(declaringClass = "batches.Tasks")
    Summary processBatch(ArrayList<Integer> batch);

    /** Merges two summaries. */
    @Method(declaringClass = "batches.Tasks")
    Summary merge(Summary a, Summary b);
}
