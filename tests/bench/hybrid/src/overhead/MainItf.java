package overhead;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

/** Object parameters vs one stream parameter carrying the same objects. */
public interface MainItf {
    @Method(declaringClass = "overhead.Tasks")
    Blob make(int bytes, int seed);

    @Method(declaringClass = "overhead.Tasks")
    Long sum1(Blob b0);

    @Method(declaringClass = "overhead.Tasks")
    Long sum4(Blob b0, Blob b1, Blob b2, Blob b3);

    @Method(declaringClass = "overhead.Tasks")
    Long sum12(Blob b0, Blob b1, Blob b2, Blob b3, Blob b4, Blob b5, Blob b6, Blob b7, Blob b8, Blob b9, Blob b10, Blob b11);

    @Method(declaringClass = "overhead.Tasks")
    Long sum16(Blob b0, Blob b1, Blob b2, Blob b3, Blob b4, Blob b5, Blob b6, Blob b7, Blob b8, Blob b9, Blob b10, Blob b11, Blob b12, Blob b13, Blob b14, Blob b15);

    @Method(declaringClass = "overhead.Tasks")
    void publish(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Blob> out, int count,
                 int bytes);

    @Method(declaringClass = "overhead.Tasks")
    Long sumStream(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<Blob> in, int count);
}
