package badinterface;

public class Tasks {
    public static Integer good(int x) {
        return x;
    }
}
