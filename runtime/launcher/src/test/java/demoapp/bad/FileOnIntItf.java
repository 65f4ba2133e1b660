package demoapp.bad;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface FileOnIntItf {
    @Method(declaringClass = "demoapp.bad.BadTasks")
    void fill(@Parameter(type = Type.FILE, direction = Direction.OUT) int path, int n);
}
