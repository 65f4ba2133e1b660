/*
 * compss.h - COMPSs' C binding names on Braid: a COMPSs C/C++ main program includes this
 * instead of COMPSs' headers and links with libbraid (pkg-config braid).
 *
 * COMPSs' functions return nothing; here a failure prints one line naming it on stderr and ends
 * the program with status 1, which is what a COMPSs program expects of its runtime. Use braid.h
 * for statuses instead.
 *
 * Mapped so far: compss_on, compss_off (and compss_off(code) in C++), compss_barrier,
 * compss_barrier_new. compss_wait_on, compss_wait_on_file, compss_ifstream/compss_ofstream,
 * compss_fopen and compss_delete_file/object synchronise data that C tasks write: they come
 * with C tasks (the IDL generator, docs/C.md "What comes next").
 */
#ifndef BRAID_COMPSS_H
#define BRAID_COMPSS_H

#include <stdio.h>
#include <stdlib.h>

#include "braid.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline void braid_compss_or_exit(braid_status status) {
    if (status != BRAID_OK) {
        fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        exit(1);
    }
}

/* Starts the runtime (options: BRAID_RUN_OPTIONS, as braid_on). */
static inline void compss_on(void) {
    braid_compss_or_exit(braid_on());
}

/* Waits for the tasks and stops the runtime. */
static inline void compss_off(void) {
    braid_compss_or_exit(braid_off());
}

static inline void compss_barrier(void) {
    braid_compss_or_exit(braid_barrier());
}

/* COMPSs' barrier that may say no more tasks follow: the same wait on Braid. */
static inline void compss_barrier_new(int no_more_tasks) {
    (void)no_more_tasks;
    braid_compss_or_exit(braid_barrier());
}

#ifdef __cplusplus
}

/* COMPSs' C++ overload: stops the runtime, then ends the program with code. */
static inline void compss_off(int code) {
    braid_compss_or_exit(braid_off());
    exit(code);
}
#endif

#endif /* BRAID_COMPSS_H */
