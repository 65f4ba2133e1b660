package sync;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Method(declaringClass = "sync.Tasks")
    Integer twice(int x);

    @Method(declaringClass = "sync.Tasks")
    String greet(String name);

    @Method(declaringClass = "sync.Tasks")
    Point point(int x, int y);

    @Method(declaringClass = "sync.Tasks")
    void note(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, String text);
}
