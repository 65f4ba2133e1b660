package badstreams.notastream;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

import java.util.List;

public interface MainItf {
    @Method(declaringClass = "badstreams.notastream.Main")
    void feed(@Parameter(type = Type.STREAM, direction = Direction.OUT) List<String> items);
}
