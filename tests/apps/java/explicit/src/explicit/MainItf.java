package explicit;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Method(declaringClass = "explicit.Tasks")
    void fill(@Parameter(type = Type.OBJECT, direction = Direction.INOUT) StringBuilder sb, String s);

    @Method(declaringClass = "explicit.Tasks")
    void write(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, String text);

    @Method(declaringClass = "explicit.Tasks")
    Integer slow(int x);
}
