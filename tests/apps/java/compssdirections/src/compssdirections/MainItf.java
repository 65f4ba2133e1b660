package compssdirections;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** A COMPSs application's interface (imports rewritten) using COMMUTATIVE, CONCURRENT and IN_DELETE. */
public interface MainItf {
    @Method(declaringClass = "compssdirections.Tasks")
    void accumulate(@Parameter(type = Type.OBJECT, direction = Direction.COMMUTATIVE) Accumulator acc,
                    @Parameter(type = Type.INT, direction = Direction.IN) int value);

    @Method(declaringClass = "compssdirections.Tasks")
    void appendLine(@Parameter(type = Type.FILE, direction = Direction.COMMUTATIVE) String fileName,
                    @Parameter(type = Type.STRING, direction = Direction.IN) String line);

    @Method(declaringClass = "compssdirections.Tasks")
    Interval readSlowly(@Parameter(type = Type.FILE, direction = Direction.CONCURRENT) String fileName);

    @Method(declaringClass = "compssdirections.Tasks")
    Interval rewrite(@Parameter(type = Type.FILE, direction = Direction.INOUT) String fileName);

    @Method(declaringClass = "compssdirections.Tasks")
    Integer lengthOf(@Parameter(type = Type.FILE, direction = Direction.IN_DELETE) String fileName);

    @Method(declaringClass = "compssdirections.Tasks")
    Integer sizeOf(@Parameter(type = Type.OBJECT, direction = Direction.IN_DELETE) Accumulator acc);
}
