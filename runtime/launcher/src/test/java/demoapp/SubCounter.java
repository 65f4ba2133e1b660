package demoapp;

public class SubCounter extends Counter {
    public int twice() {
        return 2 * total;
    }
}
