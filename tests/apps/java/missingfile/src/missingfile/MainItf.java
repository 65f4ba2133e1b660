package missingfile;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** Declared as in COMPSs (only the imports differ). */
public interface MainItf {

    @Method(declaringClass = "missingfile.Tasks")
    void writeLine(@Parameter(type = Type.FILE, direction = Direction.OUT) String fileName, String line);

    @Method(declaringClass = "missingfile.Tasks")
    Integer countLines(@Parameter(type = Type.FILE, direction = Direction.IN) String fileName);

    @Method(declaringClass = "missingfile.Tasks")
    void appendLine(String line, @Parameter(type = Type.FILE, direction = Direction.INOUT) String fileName);
}
