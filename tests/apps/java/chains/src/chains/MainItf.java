package chains;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "chains.Tasks")
    Integer step(Integer x, int ms);

    @Method(declaringClass = "chains.Tasks")
    Integer sum(Integer a, Integer b);
}
