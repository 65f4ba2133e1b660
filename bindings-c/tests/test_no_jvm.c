/*
 * Without a JVM or braid.jar (the environment ctest gives each case), every call that needs one
 * fails with BRAID_ERR_NO_JVM and one line containing argv[1]; nothing is printed, nothing aborts.
 */
#include "check.h"

int main(int argc, char **argv) {
    CHECK(argc == 2);
    FAILS(braid_on(), BRAID_ERR_NO_JVM, argv[1]);
    FAILS(braid_on(), BRAID_ERR_NO_JVM, argv[1]); /* asked again: the same answer */
    braid_object_stream *s = NULL;
    FAILS(braid_object_stream_new("a", BRAID_AT_MOST_ONCE, &s), BRAID_ERR_NO_JVM, argv[1]);
    CHECK(s == NULL);
    FAILS(braid_off(), BRAID_ERR_STATE, "not on"); /* nothing was started */
    return 0;
}
