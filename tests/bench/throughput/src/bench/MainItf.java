package bench;

import io.braid.api.Method;

import java.util.ArrayList;

public interface MainItf {
    @Method(declaringClass = "bench.Tasks")
    void noop(int i);

    @Method(declaringClass = "bench.Tasks")
    Integer inc(Integer x);

    @Method(declaringClass = "bench.Tasks")
    Integer block(int millis);

    @Method(declaringClass = "bench.Tasks")
    void after(Integer gate, int i);

    @Method(declaringClass = "bench.Tasks")
    Integer item(int i);

    @Method(declaringClass = "bench.Tasks")
    Integer total(ArrayList<Integer> xs);

    @Method(declaringClass = "bench.Tasks")
    Integer add10(Integer a0, Integer a1, Integer a2, Integer a3, Integer a4, Integer a5, Integer a6, Integer a7,
            Integer a8, Integer a9);
}
