package demoapp.programs;

import io.braid.api.Binary;
import io.braid.api.Direction;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface WrittenObjectItf {
    @Binary(binary = "prog")
    void run(int n, @Parameter(type = Type.OBJECT, direction = Direction.INOUT) StringBuilder out);
}
