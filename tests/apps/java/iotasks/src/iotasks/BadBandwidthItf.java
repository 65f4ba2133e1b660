package iotasks;

import io.braid.api.Constraints;
import io.braid.api.IO;
import io.braid.api.Method;

/** Used with --interface: an invalid storageBW value. */
public interface BadBandwidthItf {
    @IO
    @Constraints(storageBW = "fast")
    @Method(declaringClass = "iotasks.Tasks")
    Integer fast(int i);
}
