package demoapp.compss;

import io.braid.api.Constants;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.OnFailure;
import io.braid.api.Parameter;
import io.braid.api.StdIOStream;
import io.braid.api.Type;

/** Every member COMPSs code puts on @Method and @Parameter, written as COMPSs code writes them. */
public interface CompssMembersItf {
    @Method(declaringClass = "demoapp.Tasks", priority = Constants.IS_PRIORITARY_TASK, onFailure = OnFailure.IGNORE,
            timeOut = "3000")
    Integer square(int x);

    @Method(declaringClass = "demoapp.Tasks", name = "noop", onFailure = OnFailure.CANCEL_SUCCESSORS,
            constraints = @Constraints(computingUnits = "2"))
    @Constraints(computingUnits = "1", memorySize = "0.25")
    void noopUnderAnotherName(int i);

    @Method(declaringClass = "demoapp.Tasks")
    void fill(@Parameter(type = Type.FILE, direction = Direction.OUT, stream = StdIOStream.STDOUT, prefix = "-o",
            weight = "2.5", keepRename = true, name = "out") String path, int n);

    @Method(declaringClass = "demoapp.Counter", targetDirection = Direction.IN, onFailure = OnFailure.FAIL)
    int get();

    @Method(declaringClass = "demoapp.Counter", isModifier = Constants.IS_NOT_MODIFIER)
    void add(int n);
}
