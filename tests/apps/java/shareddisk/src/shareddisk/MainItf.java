package shareddisk;

import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface MainItf {
    @Method(declaringClass = "shareddisk.Tasks")
    String whereIsIt(@Parameter(type = Type.FILE) String file);

    @Method(declaringClass = "shareddisk.Tasks")
    String nameOf(@Parameter(type = Type.FILE) String file);
}
