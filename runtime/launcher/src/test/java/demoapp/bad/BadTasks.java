package demoapp.bad;

public class BadTasks {
    public static void fill(int path, int n) {
    }

    public static void inc(int x) {
    }

    public static void greet(String s) {
    }
}
