package demoapp.programs;

public class Impl {
    public static int both(int x) {
        return x;
    }

    public int notStatic(int x) {
        return x;
    }
}
