package compssapi;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** A COMPSs application's interface (imports rewritten) for the explicit API calls. */
public interface MainItf {
    @Method(declaringClass = "compssapi.Tasks")
    Integer slowLength(@Parameter(type = Type.FILE, direction = Direction.IN) String fileName,
                       @Parameter(type = Type.INT) int sleepMs);

    @Method(declaringClass = "compssapi.Tasks")
    void writeText(@Parameter(type = Type.FILE, direction = Direction.OUT) String fileName,
                   @Parameter(type = Type.STRING) String text);

    @Method(declaringClass = "compssapi.Tasks")
    Integer total(@Parameter(type = Type.OBJECT, direction = Direction.IN) Numbers numbers);

    @Method(declaringClass = "compssapi.Tasks")
    void append(@Parameter(type = Type.OBJECT, direction = Direction.INOUT) Numbers numbers,
                @Parameter(type = Type.INT) int value);
}
