/*
 * A generated stub whose task fails for good (argv[1] "load": the worker library misses symbols, so
 * braid-c-worker cannot load it; "undefined": the run is not on): the program stops with exit status 1
 * and one [braid] ERROR line, printed by the runtime or by the stub, never both.
 */
#include <stdio.h>
#include <string.h>

#include "tasks.h"

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "load") == 0 && braid_on() != BRAID_OK) {
        fprintf(stderr, "test_c_stub_fails: braid_on: %s\n", braid_last_error());
        return 2;
    }
    int sum = add(1, 2); /* exits 1 on failure */
    printf("add returned %d\n", sum);
    return 0;
}
