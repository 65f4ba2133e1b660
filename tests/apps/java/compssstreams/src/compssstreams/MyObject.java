package compssstreams;

import java.io.Serializable;

/** An element of the object streams. */
public class MyObject implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final int value;

    public MyObject(String name, int value) {
        this.name = name;
        this.value = value;
    }

    public String getName() {
        return name;
    }

    public int getValue() {
        return value;
    }
}
