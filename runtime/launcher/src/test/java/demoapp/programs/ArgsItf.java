package demoapp.programs;

import io.braid.api.Binary;

public interface ArgsItf {
    @Binary(binary = "prog", args = "{{n}}")
    void run(int n);
}
