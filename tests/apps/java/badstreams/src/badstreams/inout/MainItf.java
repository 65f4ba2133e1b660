package badstreams.inout;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

public interface MainItf {
    @Method(declaringClass = "badstreams.inout.Main")
    void both(@Parameter(type = Type.STREAM, direction = Direction.INOUT) ObjectDistroStream<String> s);
}
