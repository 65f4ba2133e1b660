package demoapp.streams;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

public interface ObjectStreamItf {
    @Method(declaringClass = "demoapp.streams.StreamTasks")
    void publishNumbers(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Integer> out, int n);
}
