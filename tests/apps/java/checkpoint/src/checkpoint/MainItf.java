package checkpoint;

import io.braid.api.Constraints;
import io.braid.api.IO;
import io.braid.api.Method;

/**
 * The checkpointing workload's tasks. {@code checkpoint*} all write the same block (see
 * {@link Tasks#checkpoint}); they differ only in how they are declared, one method per mode,
 * because annotations are static.
 */
public interface MainItf {
    /** A compute step: ~{@code ms} of CPU work on the state; returns the next state. */
    @Method(declaringClass = "checkpoint.Tasks")
    Long compute(Long state, int ms);

    /** baseline: the checkpoint as a compute task (holds a computing unit while it writes). */
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpoint(Long state, String dir, String name, int mb);

    /** io: an I/O task without constraint (as many at once as the node's I/O executors). */
    @IO
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointIo(Long state, String dir, String name, int mb);

    @IO
    @Constraints(storageBW = "25")
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointBw25(Long state, String dir, String name, int mb);

    @IO
    @Constraints(storageBW = "50")
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointBw50(Long state, String dir, String name, int mb);

    @IO
    @Constraints(storageBW = "100")
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointBw100(Long state, String dir, String name, int mb);

    @IO
    @Constraints(storageBW = "200")
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointBw200(Long state, String dir, String name, int mb);

    @IO
    @Constraints(storageBW = "auto")
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointAuto(Long state, String dir, String name, int mb);

    @IO
    @Constraints(storageBW = "auto(25,200,2)")
    @Method(declaringClass = "checkpoint.Tasks")
    Long checkpointBounded(Long state, String dir, String name, int mb);
}
