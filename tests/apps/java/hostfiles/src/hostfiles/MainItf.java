package hostfiles;

import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Constraints(processorArchitecture = "hostA")
    @Method(declaringClass = "hostfiles.Tasks")
    void produce(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, String text);

    @Constraints(processorArchitecture = "hostB")
    @Method(declaringClass = "hostfiles.Tasks")
    String consume(@Parameter(type = Type.FILE) String path);
}
