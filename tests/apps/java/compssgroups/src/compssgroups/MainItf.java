package compssgroups;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** A COMPSs application's interface (imports rewritten) for task groups and task exceptions. */
public interface MainItf {
    @Method(declaringClass = "compssgroups.Tasks")
    void work(@Parameter(type = Type.FILE, direction = Direction.OUT) String marker,
              @Parameter(type = Type.INT) int sleepMs,
              @Parameter(type = Type.BOOLEAN) boolean fail,
              @Parameter(type = Type.STRING) String label);

    @Method(declaringClass = "compssgroups.Tasks")
    void otherTask(@Parameter(type = Type.FILE, direction = Direction.OUT) String marker);
}
