package demoapp.compss;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** The directions COMPSs has beyond IN, OUT, INOUT. */
public interface DirectionsItf {
    @Method(declaringClass = "demoapp.Tasks")
    void fill(@Parameter(type = Type.FILE, direction = Direction.COMMUTATIVE) String path,
              @Parameter(direction = Direction.IN_DELETE) int n);

    @Method(declaringClass = "demoapp.Counter", targetDirection = Direction.CONCURRENT)
    void add(int n);
}
