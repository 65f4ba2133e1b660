package resilience;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "resilience.Tasks")
    Integer square(int i);

    @Method(declaringClass = "resilience.Tasks")
    Integer plusOne(Integer v);
}
