package badstreams.notastream;

import java.util.ArrayList;
import java.util.List;

public final class Main {
    public static void feed(List<String> items) {
    }

    public static void main(String[] args) {
        System.out.println("main ran");
        feed(new ArrayList<>());
    }
}
