package sync;

import java.io.Serializable;

public class Point implements Serializable {
    private static final long serialVersionUID = 1L;

    public int x;
    public int y;

    public Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    public int norm2() {
        return x * x + y * y;
    }

    @Override
    public String toString() {
        return "Point(" + x + "," + y + ")";
    }
}
