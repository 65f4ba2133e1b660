package collections;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

import java.util.Collection;
import java.util.List;

public interface MainItf {
    @Method(declaringClass = "collections.Tasks")
    Integer item(int i, int sleepMs);

    @Method(declaringClass = "collections.Tasks")
    long total(@Parameter(type = Type.COLLECTION, direction = Direction.IN) List<Integer> xs);

    @Method(declaringClass = "collections.Tasks")
    String describe(String label, @Parameter(type = Type.COLLECTION) Collection<Object> xs, int tail);

    @Method(declaringClass = "collections.Tasks")
    void bumpAll(@Parameter(type = Type.COLLECTION, direction = Direction.INOUT) List<Counter> cs, int by);

    @Method(declaringClass = "collections.Tasks")
    String values(@Parameter(type = Type.COLLECTION) List<Counter> cs);

    @Method(declaringClass = "collections.Tasks")
    List<Integer> range(int n);
}
