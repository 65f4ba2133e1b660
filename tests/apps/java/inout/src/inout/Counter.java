package inout;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A mutable user object: a value and the history of who changed it. */
public class Counter implements Serializable {
    private static final long serialVersionUID = 1L;

    public int value;
    public final List<String> log = new ArrayList<>();

    public int getValue() {
        return value;
    }

    public void setValue(int v, String who) {
        value = v;
        log.add(who);
    }

    @Override
    public String toString() {
        return value + " " + log;
    }
}
