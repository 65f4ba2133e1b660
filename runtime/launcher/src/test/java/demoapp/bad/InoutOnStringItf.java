package demoapp.bad;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface InoutOnStringItf {
    @Method(declaringClass = "demoapp.bad.BadTasks")
    void greet(@Parameter(direction = Direction.INOUT) String s);
}
