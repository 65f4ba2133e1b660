package demoapp;

/** Redeclares add: calls through this type are not the task. */
public class OverridingCounter extends Counter {
    @Override
    public void add(int n) {
        total += 100 * n;
    }
}
