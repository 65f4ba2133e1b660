package failures;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "failures.Tasks")
    Integer flaky(String markerDir, int x);

    @Method(declaringClass = "failures.Tasks")
    Integer doomed(String tag, int x);

    @Method(declaringClass = "failures.Tasks")
    Integer fine(int x);
}
