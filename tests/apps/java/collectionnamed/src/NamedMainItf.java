import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

import java.util.List;

public interface NamedMainItf {
    @Method(declaringClass = "NamedTasks")
    String alone(collection a);

    @Method(declaringClass = "NamedTasks")
    String mixed(collection a, @Parameter(type = Type.COLLECTION) List<Integer> xs, collection b);

    @Method(declaringClass = "NamedTasks")
    Integer item(int i);
}
