/* A program built against an installed libbraid (pkg-config or find_package): starts and stops the runtime. */
#include <braid.h>
#include <compss.h>
#include <stdio.h>

int main(void) {
    if (braid_on() != BRAID_OK) {
        fprintf(stderr, "braid_on: %s\n", braid_last_error());
        return 1;
    }
    compss_barrier();
    if (braid_off() != BRAID_OK) {
        fprintf(stderr, "braid_off: %s\n", braid_last_error());
        return 1;
    }
    printf("installed libbraid: on, barrier, off\n");
    return 0;
}
