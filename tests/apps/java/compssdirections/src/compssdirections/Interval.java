package compssdirections;

import java.io.Serializable;

/** When a task ran (wall clock, ms). */
public class Interval implements Serializable {
    public long start;
    public long end;

    public Interval() {
    }

    public Interval(long start, long end) {
        this.start = start;
        this.end = end;
    }
}
