package csim;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;

public interface MainItf {
    /** "N records, B bytes" of {@code in}, read until it is closed. */
    @Method(declaringClass = "csim.Tasks")
    String countRecords(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<byte[]> in);

    /** "N files, S" (S: the sum of the numbers the files hold) of {@code in}, read until it is closed. */
    @Method(declaringClass = "csim.Tasks")
    String countFiles(@Parameter(type = Type.STREAM, direction = Direction.IN) FileDistroStream in);
}
