package collections;

import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** A collection parameter that is not a List (wrong usage: refused before any task runs). */
public interface BadTypeItf {
    @Method(declaringClass = "collections.BadTasks")
    long sumArray(@Parameter(type = Type.COLLECTION) int[] xs);
}
