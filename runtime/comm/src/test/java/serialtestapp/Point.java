package serialtestapp;

import java.io.Serializable;
import java.util.List;

/** Stands for an application class in ObjectSerializerTest (outside io.braid, as users' are). */
public final class Point implements Serializable {
    public final int x;
    public final List<String> tags;

    public Point(int x, List<String> tags) {
        this.x = x;
        this.tags = tags;
    }
}
