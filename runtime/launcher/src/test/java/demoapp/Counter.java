package demoapp;

public class Counter {
    public int total;

    public void add(int n) {
        total += n;
    }

    public int get() {
        return total;
    }
}
