package inout;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Method(declaringClass = "inout.Tasks")
    void add(@Parameter(type = Type.OBJECT, direction = Direction.INOUT) Counter c, int n);

    @Method(declaringClass = "inout.Tasks")
    Integer slowRead(@Parameter(type = Type.OBJECT, direction = Direction.IN) Counter c, int sleepMs);

    @Method(declaringClass = "inout.Tasks")
    String describe(Counter c);
}
