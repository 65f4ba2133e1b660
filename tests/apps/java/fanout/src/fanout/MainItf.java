package fanout;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "fanout.Tasks")
    Long partial(int i);

    @Method(declaringClass = "fanout.Tasks")
    Long add(Long a, Long b);
}
