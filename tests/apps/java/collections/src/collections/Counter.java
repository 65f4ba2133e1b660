package collections;

import java.io.Serializable;

/** A mutable element of an INOUT collection. */
public class Counter implements Serializable {
    private static final long serialVersionUID = 1L;

    public int value;

    public Counter() {
    }

    public Counter(int value) {
        this.value = value;
    }
}
