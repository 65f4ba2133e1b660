package demoapp.programs;

import io.braid.api.Binary;

public interface BadReturnItf {
    @Binary(binary = "prog")
    String run(int n);
}
