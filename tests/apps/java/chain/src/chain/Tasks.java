package chain;

public class Tasks {
    public static Integer step(Integer prev, int k) {
        return (int) (((long) prev * 31 + k) % 1_000_003);
    }
}
