package startup;

import io.braid.api.Method;

public interface OnceItf {
    @Method(declaringClass = "startup.Tasks")
    Integer one(int x);
}
