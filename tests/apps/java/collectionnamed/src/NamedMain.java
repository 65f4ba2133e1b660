import java.util.ArrayList;
import java.util.List;

/**
 * A user class named {@code collection} (default package) beside a real COLLECTION parameter: a
 * null one reaches its task as null, a real one as itself, and the list as a list.
 */
public class NamedMain {
    public static void main(String[] args) {
        System.out.println("alone: " + NamedTasks.alone(null));
        List<Integer> xs = new ArrayList<>();
        xs.add(NamedTasks.item(1));
        xs.add(2);
        System.out.println("mixed: " + NamedTasks.mixed(null, xs, new collection(5)));
    }
}
