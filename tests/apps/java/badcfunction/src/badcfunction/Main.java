package badcfunction;

public class Main {
    static double cos(double x) {
        throw new IllegalStateException("not run as a task");
    }

    public static void main(String[] args) {
        System.out.println("main ran: " + cos(0.0));
    }
}
