package exchange;

import java.io.Serializable;

/** Task-only version's shared state: each cell's state, this iteration's values and the previous ones. */
public class Grid implements Serializable {
    private static final long serialVersionUID = 1L;

    public long[] state;
    public long[] values;
    public long[] previous;

    public Grid() {
    }

    public Grid(int cells) {
        state = new long[cells];
        values = new long[cells];
        previous = new long[cells];
        for (int i = 0; i < cells; i++) {
            state[i] = Tasks.initial(i);
            previous[i] = Tasks.initial(i);
        }
    }

    public long state(int cell) {
        return state[cell];
    }
}
