import java.util.List;

public class NamedTasks {
    public static String alone(collection a) {
        return String.valueOf(a);
    }

    public static String mixed(collection a, List<Integer> xs, collection b) {
        return a + " " + xs.getClass().getSimpleName() + xs + " " + b;
    }

    public static Integer item(int i) {
        return i;
    }
}
