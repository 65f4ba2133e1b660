/*
 * braid_worker.h - what a generated executor (APP-executor.c, braid-c-buildapp) exports for
 * braid-c-worker: the table of the application's task functions, under the symbol
 * "braid_c_tasks", in the worker library (libAPP-worker.so) that braid-c-worker loads.
 */
#ifndef BRAID_WORKER_H
#define BRAID_WORKER_H

#include "braid_tasks.h"

/* Bumped when braid_task_table or braid_task_function change shape. */
#define BRAID_WORKER_ABI 1
#define BRAID_WORKER_EXPORT __attribute__((visibility("default")))
#define BRAID_TASK_TABLE_SYMBOL "braid_c_tasks"

typedef struct braid_task_table {
    int abi;                                   /* BRAID_WORKER_ABI of the generator */
    const char *idl;                           /* the IDL file's name */
    int nfunctions;
    const braid_task_function *const *functions;
} braid_task_table;

#endif
