package freshchain;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "freshchain.Tasks")
    Integer inc(Integer x);
}
