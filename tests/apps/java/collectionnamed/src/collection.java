import java.io.Serializable;

/**
 * A user class named like the runtime's old collection marker, in the default package: a null
 * one is passed by value with this type name, and must not be taken for a collection's header.
 */
public class collection implements Serializable {
    private static final long serialVersionUID = 1L;

    public int n;

    public collection() {
    }

    public collection(int n) {
        this.n = n;
    }

    @Override
    public String toString() {
        return "collection(" + n + ")";
    }
}
