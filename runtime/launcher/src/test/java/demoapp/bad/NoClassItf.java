package demoapp.bad;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface NoClassItf {
    @Method(declaringClass = "demoapp.Nope")
    void foo(int x);
}
