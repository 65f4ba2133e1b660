package iotasks;

import io.braid.api.Constraints;
import io.braid.api.IO;
import io.braid.api.Method;

/** Used with --interface: an empty auto range (min above max). */
public interface BadAutoRangeItf {
    @IO
    @Constraints(storageBW = "auto(80,40,2)")
    @Method(declaringClass = "iotasks.Tasks")
    Integer emptyRange(int i);
}
