/*
 * A C task that crashes (argv[1]: 0 segfault, 1 abort): its braid-c-worker process dies, the task
 * is retried in a new process, then fails for good: the runtime reports it (one [braid] ERROR line
 * naming the task and the signal) and the barrier returns BRAID_ERR_RUNTIME with that line. A task
 * called before the crash ran (the worker went on).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tasks.h"

int main(int argc, char **argv) {
    int how = argc > 1 ? atoi(argv[1]) : 0;
    OK(braid_on());
    CHECK(add(20, 22) == 42);
    crash(how);
    braid_status s = braid_barrier();
    const char *signal = how == 0 ? "signal 11 (SIGSEGV)" : "signal 6 (SIGABRT)";
    CHECK(s == BRAID_ERR_RUNTIME && strstr(braid_last_error(), signal) != NULL);
    CHECK(strstr(braid_last_error(), "Tasks.crash") != NULL);
    printf("as expected: braid_barrier -> %s: %s\n", braid_status_name(s), braid_last_error());
    CHECK(braid_off() == BRAID_ERR_RUNTIME); /* the run failed */
    return 1;
}
