package demoapp.programs;

import io.braid.api.Binary;
import io.braid.api.Method;

public interface NotStaticItf {
    @Method(declaringClass = "demoapp.programs.Impl")
    @Binary(binary = "prog")
    int notStatic(int x);
}
