package demoapp.bad;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

public interface NoAnnotationItf {
    void square(int x);
}
