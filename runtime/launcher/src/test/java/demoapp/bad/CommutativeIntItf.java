package demoapp.bad;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;

public interface CommutativeIntItf {
    @Method(declaringClass = "demoapp.Tasks")
    void noop(@Parameter(direction = Direction.COMMUTATIVE) int i);
}
