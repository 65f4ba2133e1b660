/* The tests' checks: a failed one prints the file, line, what failed and libbraid's last error, and exits 1. */
#ifndef BRAID_TEST_CHECK_H
#define BRAID_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "braid.h"

#define CHECK(cond)                                                                                     \
    do {                                                                                                \
        if (!(cond)) {                                                                                  \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__, #cond,    \
                    braid_last_error());                                                                \
            exit(1);                                                                                    \
        }                                                                                               \
    } while (0)

/* A call that must succeed. */
#define OK(call)                                                                                        \
    do {                                                                                                \
        braid_status s_ = (call);                                                                       \
        if (s_ != BRAID_OK) {                                                                           \
            fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call, braid_status_name(s_), \
                    braid_last_error());                                                                \
            exit(1);                                                                                    \
        }                                                                                               \
    } while (0)

/* A call that must fail with status, its message (one line) containing text. */
#define FAILS(call, status, text)                                                                       \
    do {                                                                                                \
        braid_status s_ = (call);                                                                       \
        const char *m_ = braid_last_error();                                                            \
        if (s_ != (status) || strstr(m_, (text)) == NULL || strchr(m_, '\n') != NULL) {                 \
            fprintf(stderr, "%s:%d: %s: expected %s with \"%s\", got %s: \"%s\"\n", __FILE__, __LINE__,  \
                    #call, braid_status_name(status), (text), braid_status_name(s_), m_);               \
            exit(1);                                                                                    \
        }                                                                                               \
        printf("as expected: %s -> %s: %s\n", #call, braid_status_name(s_), m_);                        \
    } while (0)

#endif
