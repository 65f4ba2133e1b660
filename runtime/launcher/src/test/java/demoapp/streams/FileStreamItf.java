package demoapp.streams;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.FileDistroStream;

public interface FileStreamItf {
    @Method(declaringClass = "demoapp.streams.StreamTasks")
    void publishFiles(@Parameter(type = Type.STREAM, direction = Direction.OUT) FileDistroStream out, int n);
}
