package bench;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

import java.util.List;

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
    Integer total(@Parameter(type = Type.COLLECTION, direction = Direction.IN) List<Integer> xs);

    @Method(declaringClass = "bench.Tasks")
    Integer add10(Integer a0, Integer a1, Integer a2, Integer a3, Integer a4, Integer a5, Integer a6, Integer a7,
            Integer a8, Integer a9);
}
