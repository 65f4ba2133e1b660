package sensor;

import io.braid.api.Direction;
import io.braid.api.IO;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;

/** The tasks of the external stream example. */
public interface MainItf {

    /**
     * Reads the sensor's stream (shared with the other filters: each reading goes to one of
     * them) until the sensor closes it, forwarding the relevant readings to {@code relevant}.
     * Returns how many readings it read.
     */
    @Method(declaringClass = "sensor.Tasks")
    Integer filter(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<Reading> readings,
                   @Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Reading> relevant);

    /**
     * Collects the relevant readings until every filter has closed the stream. It only waits on
     * the stream, so it is an I/O task: it needs no core and runs beside the four filters.
     */
    @IO
    @Method(declaringClass = "sensor.Tasks")
    ArrayList<Reading> extract(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<Reading> relevant);

    /** Statistics of the readings {@code part}, {@code part + parts}, ... of the list. */
    @Method(declaringClass = "sensor.Tasks")
    Stats stats(ArrayList<Reading> items, int part, int parts);

    @Method(declaringClass = "sensor.Tasks")
    Stats combine(Stats a, Stats b);
}
