package simple;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Method(declaringClass = "simple.Tasks")
    Integer square(int x);

    @Method(declaringClass = "simple.Tasks")
    Integer add(Integer a, Integer b);

    @Method(declaringClass = "simple.Tasks")
    void writeLines(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, int n);

    @Method(declaringClass = "simple.Tasks")
    Integer countLines(@Parameter(type = Type.FILE) String path);
}
