package compssfailures;

import io.braid.api.Constants;
import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.OnFailure;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** A COMPSs application's interface (imports rewritten), using the failure-handling members. */
public interface MainItf {
    @Method(declaringClass = "compssfailures.Tasks", timeOut = "1500", onFailure = OnFailure.IGNORE)
    void sleepyWriter(@Parameter(type = Type.FILE, direction = Direction.OUT) String fileName,
                      @Parameter(type = Type.INT, direction = Direction.IN) int sleepMs);

    @Method(declaringClass = "compssfailures.Tasks", timeOut = "1500", onFailure = OnFailure.FAIL)
    void busyLooper(@Parameter(type = Type.FILE, direction = Direction.OUT) String fileName);

    @Method(declaringClass = "compssfailures.Tasks", onFailure = OnFailure.CANCEL_SUCCESSORS)
    void failingWriter(@Parameter(type = Type.FILE, direction = Direction.OUT) String fileName);

    @Method(declaringClass = "compssfailures.Tasks", priority = Constants.IS_PRIORITARY_TASK)
    void writeText(@Parameter(type = Type.FILE, direction = Direction.OUT) String fileName,
                @Parameter(type = Type.STRING) String text);

    @Method(declaringClass = "compssfailures.Tasks", name = "copyFile")
    void copy(@Parameter(type = Type.FILE, direction = Direction.IN) String from,
              @Parameter(type = Type.FILE, direction = Direction.OUT) String to);
}
