package constraints;

import io.braid.api.Constraints;
import io.braid.api.Method;

public interface MainItf {
    @Constraints(computingUnits = "2")
    @Method(declaringClass = "constraints.Tasks")
    String big(int i);

    @Constraints(processorArchitecture = "AMD")
    @Method(declaringClass = "constraints.Tasks")
    String amd(int i);

    @Constraints(memorySize = "3")
    @Method(declaringClass = "constraints.Tasks")
    String mem(int i);

    @Constraints(processorArchitecture = "Intel", computingUnits = "1")
    @Method(declaringClass = "constraints.Tasks")
    String intel(int i);
}
