package objects;

/** Instance-method tasks: counter.increment(n) as an INOUT callee; non-modifier getters. */
public class Main {
    public static void main(String[] args) throws Exception {
        Counter c = new Counter(10);
        c.increment(3);
        c.increment(4);
        Integer a = c.current();       // 17, even though increments follow
        c.increment(100);
        Integer b = c.current();       // 117
        Integer s = c.scratch();       // 1000117 in the task's copy only
        c.increment(1000);
        System.out.println("current after 3,4: " + a);
        System.out.println("current after 100: " + b);
        System.out.println("scratch: " + s);
        System.out.println("get: " + c.get());                 // 1117: plain call on the object waits
        System.out.println("calls: " + c.calls());             // 4 increments

        Counter d = new Counter(0);
        for (int i = 1; i <= 20; i++) {
            d.increment(i);
        }
        System.out.println("d: " + d.get() + " in " + d.calls() + " calls");
    }
}
