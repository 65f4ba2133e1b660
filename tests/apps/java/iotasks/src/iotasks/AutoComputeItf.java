package iotasks;

import io.braid.api.Constraints;
import io.braid.api.Method;

/** Used with --interface: an auto constraint on a compute (not @IO) task. */
public interface AutoComputeItf {
    @Constraints(storageBW = "auto")
    @Method(declaringClass = "iotasks.Tasks")
    Integer autoCompute(int i);
}
