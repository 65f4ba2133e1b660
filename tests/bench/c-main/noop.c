/*
 * noop N LINKS: N independent no-op C tasks, then a chain of LINKS tasks through one variable,
 * from a C main on the run braid-run gives it. Prints one RESULT line: tasks/s and ms per link
 * (wall), and the main process's CPU per task (the master runs in it; the workers do not).
 */
#include <braid.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "noop.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double cpu(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000, links = argc > 2 ? atol(argv[2]) : 2000;
    if (braid_on() != BRAID_OK) {
        fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        return 1;
    }
    noop(); /* the worker's first braid-c-worker, out of the figures */
    braid_barrier();
    double t0 = now(), c0 = cpu();
    for (long i = 0; i < n; i++) {
        noop();
    }
    if (braid_barrier() != BRAID_OK) {
        fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        return 1;
    }
    double t1 = now(), c1 = cpu();
    long x = 0;
    for (long i = 0; i < links; i++) {
        step(&x);
    }
    braid_wait_on(&x);
    double t2 = now();
    if (x != links) {
        fprintf(stderr, "chain ended at %ld, expected %ld\n", x, links);
        return 1;
    }
    printf("RESULT tasks=%ld tasks_per_s=%.0f master_cpu_us_per_task=%.1f links=%ld ms_per_link=%.3f\n", n,
           n / (t1 - t0), (c1 - c0) * 1e6 / n, links, (t2 - t1) * 1e3 / links);
    return braid_off() == BRAID_OK ? 0 : 1;
}
