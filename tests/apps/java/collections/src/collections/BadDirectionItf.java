package collections;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

import java.util.List;

/** A collection parameter declared OUT (wrong usage: refused before any task runs). */
public interface BadDirectionItf {
    @Method(declaringClass = "collections.BadTasks")
    void fill(@Parameter(type = Type.COLLECTION, direction = Direction.OUT) List<Integer> xs);
}
