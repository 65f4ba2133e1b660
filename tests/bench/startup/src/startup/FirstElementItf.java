package startup;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

public interface FirstElementItf {
    @Method(declaringClass = "startup.Tasks")
    void publish(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Long> out);
}
