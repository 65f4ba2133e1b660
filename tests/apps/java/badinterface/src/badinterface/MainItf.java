package badinterface;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "badinterface.Tasks")
    Integer good(int x);

    @Method(declaringClass = "badinterface.NoSuchTasks")
    Integer missing(int x);
}
