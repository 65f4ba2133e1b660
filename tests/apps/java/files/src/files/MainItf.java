package files;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Method(declaringClass = "files.Tasks")
    void write(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, String line);

    @Method(declaringClass = "files.Tasks")
    void append(@Parameter(type = Type.FILE, direction = Direction.INOUT) String path, String line);

    @Method(declaringClass = "files.Tasks")
    Integer countLines(@Parameter(type = Type.FILE, direction = Direction.IN) String path);

    @Method(declaringClass = "files.Tasks")
    String firstAndLast(@Parameter(type = Type.FILE) String path);
}
