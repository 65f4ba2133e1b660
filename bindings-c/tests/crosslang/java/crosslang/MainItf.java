package crosslang;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

public interface MainItf {
    /** Reads records of {@code in} until it is closed, publishing each one reversed on {@code out}. */
    @Method(declaringClass = "crosslang.Tasks")
    Integer echo(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<byte[]> in,
                 @Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<byte[]> out);
}
