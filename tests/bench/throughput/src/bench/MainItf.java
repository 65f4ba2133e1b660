package bench;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "bench.Tasks")
    void noop(int i);

    @Method(declaringClass = "bench.Tasks")
    Integer inc(Integer x);

    @Method(declaringClass = "bench.Tasks")
    Integer block(int millis);

    @Method(declaringClass = "bench.Tasks")
    void after(Integer gate, int i);
}
