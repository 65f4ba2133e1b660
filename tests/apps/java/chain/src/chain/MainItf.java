package chain;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "chain.Tasks")
    Integer step(Integer prev, int k);
}
