package demoapp.bad;

import io.braid.api.Method;

public interface BadPriorityItf {
    @Method(declaringClass = "demoapp.Tasks", priority = "yes")
    void noop(int i);
}
