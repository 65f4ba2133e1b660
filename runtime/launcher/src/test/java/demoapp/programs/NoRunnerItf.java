package demoapp.programs;

import io.braid.api.MPI;

public interface NoRunnerItf {
    @MPI(binary = "prog")
    void run(int n);
}
