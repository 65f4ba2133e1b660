/* compss_on with a bad option (BRAID_RUN_OPTIONS from ctest): one line on stderr, exit status 1. */
#include <compss.h>

int main(void) {
    compss_on();
    return 0; /* not reached */
}
