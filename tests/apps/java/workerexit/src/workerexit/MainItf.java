package workerexit;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "workerexit.Tasks")
    Integer square(String mode, String markerDir, String exitOn, int i);
}
