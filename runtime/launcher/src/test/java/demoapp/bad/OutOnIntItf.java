package demoapp.bad;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface OutOnIntItf {
    @Method(declaringClass = "demoapp.bad.BadTasks")
    void inc(@Parameter(direction = Direction.OUT) int x);
}
