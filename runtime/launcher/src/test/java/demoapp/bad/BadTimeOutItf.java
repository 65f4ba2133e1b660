package demoapp.bad;

import io.braid.api.Method;

public interface BadTimeOutItf {
    @Method(declaringClass = "demoapp.Tasks", timeOut = "3s")
    void noop(int i);
}
