package streamorder;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

public interface MainItf {
    @Method(declaringClass = "streamorder.Tasks")
    Long slow(int ms);

    /** A stream together with every other kind of parameter: FILE IN, object IN, primitive, and a result. */
    @Method(declaringClass = "streamorder.Tasks")
    Long produce(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Long> out,
                 @Parameter(type = Type.FILE, direction = Direction.IN) String config,
                 Long seed, int count);

    @Method(declaringClass = "streamorder.Tasks")
    Long consume(@Parameter(type = Type.STREAM) ObjectDistroStream<Long> in);

    /** Fails every time after publishing half of its elements. */
    @Method(declaringClass = "streamorder.Tasks")
    void produceThenFail(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Long> out,
                         int count);

    /** Fails on its first run before publishing anything (a marker file says it ran), then publishes {@code count} elements. */
    @Method(declaringClass = "streamorder.Tasks")
    void failOnceThenProduce(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Long> out,
                             String marker, int count);
}
