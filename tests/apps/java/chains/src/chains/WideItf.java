package chains;

import io.braid.api.Constraints;
import io.braid.api.Method;

/**
 * Given with {@code --interface=chains.WideItf} in "wide-fan-in" mode only: a run without a node
 * of 4 computing units is refused before it starts, whatever mode it runs.
 */
public interface WideItf {
    @Constraints(computingUnits = "4")
    @Method(declaringClass = "chains.Tasks")
    Integer wideSum(Integer a, Integer b);
}
