package objects;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "objects.Counter")
    void increment(int n);

    @Method(declaringClass = "objects.Counter", isModifier = false)
    Integer current();

    @Method(declaringClass = "objects.Counter", isModifier = false)
    Integer scratch();
}
