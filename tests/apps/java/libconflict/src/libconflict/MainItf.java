package libconflict;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "libconflict.Tasks")
    String libraries();
}
