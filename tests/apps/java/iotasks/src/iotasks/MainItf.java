package iotasks;

import io.braid.api.Constraints;
import io.braid.api.IO;
import io.braid.api.Method;

public interface MainItf {
    /** A compute task: holds a computing unit for {@code ms}; "start end" (ms). */
    @Method(declaringClass = "iotasks.Tasks")
    String busy(int i, long ms);

    /** An I/O task without constraint; "start end" (ms). */
    @IO
    @Method(declaringClass = "iotasks.Tasks")
    String io(int i, long ms);

    /** An I/O task holding 30 MB/s; "tasks of this type running on the node when it started, node dir". */
    @IO
    @Constraints(storageBW = "30")
    @Method(declaringClass = "iotasks.Tasks")
    String limited(int i, long ms);

    /** A block written to the node's congested disk, with a learned constraint. */
    @IO
    @Constraints(storageBW = "auto")
    @Method(declaringClass = "iotasks.Tasks")
    Integer write(int i);

    /** The same with a bounded learned constraint. */
    @IO
    @Constraints(storageBW = "auto(10,160,2)")
    @Method(declaringClass = "iotasks.Tasks")
    Integer writeBounded(int i);
}
