package demoapp.programs;

import io.braid.api.Binary;
import io.braid.api.Direction;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

public interface ObjectStreamItf {
    @Binary(binary = "prog")
    void run(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<String> s);
}
