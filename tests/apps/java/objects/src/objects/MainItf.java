package objects;

import io.braid.api.Direction;
import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "objects.Counter")
    void increment(int n);

    @Method(declaringClass = "objects.Counter", targetDirection = Direction.IN)
    Integer current();

    @Method(declaringClass = "objects.Counter", targetDirection = Direction.IN)
    Integer scratch();
}
