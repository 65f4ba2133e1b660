package demoapp;

import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.IO;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

@Constraints(memorySize = "0.5")
public interface MainItf {
    @Method(declaringClass = "demoapp.Tasks")
    Integer square(@Parameter int x);

    @Method(declaringClass = "demoapp.Tasks")
    void noop(int i);

    @Method(declaringClass = "demoapp.Tasks", priority = "true")
    double scale(long a, double b);

    @IO
    @Method(declaringClass = "demoapp.Tasks")
    void fill(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, int n);

    @Constraints(computingUnits = "2", memorySize = "1.5")
    @Method(declaringClass = "demoapp.Tasks")
    Box makeBox(String label, int value);

    @Method(declaringClass = "demoapp.Tasks")
    String greet(String who);

    @Method(declaringClass = "demoapp.Counter")
    void add(int n);

    @Method(declaringClass = "demoapp.Counter", isModifier = "false")
    int get();
}
