/*
 * compss.h - COMPSs' C binding names on Braid: a COMPSs C/C++ main program includes this
 * instead of COMPSs' headers and links with libbraid (pkg-config braid).
 *
 * COMPSs' functions return nothing; here a failure prints one line naming it on stderr and ends
 * the program with status 1, which is what a COMPSs program expects of its runtime. Use braid.h
 * for statuses instead.
 *
 * Mapped: compss_on, compss_off (and compss_off(code) in C++), compss_barrier,
 * compss_barrier_new, compss_wait_on(obj) (a macro in C, a template in C++), compss_wait_on_file,
 * compss_fopen, compss_delete_file, compss_delete_object(obj) (a macro in C, a template in C++),
 * and in C++ compss_ifstream and compss_ofstream (braid_tasks.h). The task calls
 * themselves are the stubs braid-c-buildapp generates (docs/C.md, "C tasks").
 */
#ifndef BRAID_COMPSS_H
#define BRAID_COMPSS_H

#include <stdio.h>
#include <stdlib.h>

#include "braid.h"
#include "braid_tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline void braid_compss_or_exit(braid_status status) {
    if (status != BRAID_OK) {
        if (!braid_last_error_reported()) { /* a failed run's reason is on stderr already */
            fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        }
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

/* Waits until the tasks writing the file have ended (COMPSs' compss_wait_on_file). */
static inline void compss_wait_on_file(const char *name) {
    braid_compss_or_exit(braid_wait_on_file(name));
}

/* The file, synchronised, opened with fopen (COMPSs' compss_fopen). */
static inline FILE *compss_fopen(const char *name, const char *mode) {
    FILE *f = NULL;
    braid_compss_or_exit(braid_fopen(name, mode, &f));
    return f;
}

/* Waits for the tasks using the file, then deletes it and the runtime's copies (COMPSs' compss_delete_file). */
static inline void compss_delete_file(const char *name) {
    braid_compss_or_exit(braid_delete_file(name));
}

#ifndef __cplusplus
/* COMPSs' compss_delete_object(x): the runtime forgets the variable x (braid_delete_object). */
#define compss_delete_object(obj) braid_compss_or_exit(braid_delete_object((void *)&(obj)))

/* COMPSs' synchronisation of a task's OUT/INOUT variable: compss_wait_on(x) waits and fills x. */
#define compss_wait_on(obj) braid_compss_or_exit(braid_wait_on((void *)&(obj)))
#endif

#ifdef __cplusplus
}

/* COMPSs' C++ synchronisation of a task's OUT/INOUT value or return. */
template <typename T> inline void compss_wait_on(T &obj) {
    braid_compss_or_exit(braid_wait_on(static_cast<void *>(&obj)));
}

template <typename T> inline void compss_delete_object(T &obj) {
    braid_compss_or_exit(braid_delete_object(static_cast<void *>(&obj)));
}

inline void compss_ifstream(const char *name, std::ifstream &stream) {
    braid_compss_or_exit(braid_ifstream(name, stream));
}

inline void compss_ofstream(const char *name, std::ofstream &stream) {
    braid_compss_or_exit(braid_ofstream(name, stream));
}

/* COMPSs' C++ overload: stops the runtime, then ends the program with code. */
static inline void compss_off(int code) {
    braid_compss_or_exit(braid_off());
    exit(code);
}
#endif

#endif /* BRAID_COMPSS_H */
