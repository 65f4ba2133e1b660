package demoapp.bad;

import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.StdIOStream;

public interface StdioOnIntItf {
    @Method(declaringClass = "demoapp.Tasks")
    void noop(@Parameter(stream = StdIOStream.STDIN) int i);
}
