package badinterface;

public class Main {
    public static void main(String[] args) throws Exception {
        System.out.println("main ran: " + Tasks.good(1));
    }
}
