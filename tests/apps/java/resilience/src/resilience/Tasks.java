package resilience;

public class Tasks {
    public static Integer square(int i) throws InterruptedException {
        Thread.sleep(200);
        return i * i;
    }

    public static Integer plusOne(Integer v) throws InterruptedException {
        Thread.sleep(100);
        return v + 1;
    }
}
