package chainahead;

import io.braid.api.Method;

public interface MainItf {
    @Method(declaringClass = "chainahead.Tasks")
    Integer link(Integer x, int ms, int failAt, String marker, String pidFile);
}
