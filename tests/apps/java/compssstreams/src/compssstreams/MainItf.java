package compssstreams;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

/** The tasks, declared as in COMPSs (only the imports differ). */
public interface MainItf {

    @Method(declaringClass = "compssstreams.Tasks")
    void writeObjects(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<MyObject> ods,
        int numObjects);

    @Method(declaringClass = "compssstreams.Tasks")
    void writeObjectList(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<MyObject> ods,
        int numObjects);

    @Method(declaringClass = "compssstreams.Tasks")
    Integer readObjects(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<MyObject> ods);

    @Method(declaringClass = "compssstreams.Tasks")
    Integer readObjectsTimeout(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<MyObject> ods,
        long timeout);

    @Method(declaringClass = "compssstreams.Tasks")
    void writeFiles(@Parameter(type = Type.STREAM, direction = Direction.OUT) FileDistroStream fds, int numFiles);

    @Method(declaringClass = "compssstreams.Tasks")
    Integer readFiles(@Parameter(type = Type.STREAM, direction = Direction.IN) FileDistroStream fds);
}
