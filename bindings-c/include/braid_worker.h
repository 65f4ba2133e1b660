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

/*
 * braid-c-worker's side of libbraid (not for applications): the C task's stream parameters.
 * attach: the descriptors of the protocol pipe (requests to the Java worker, its replies), after
 * which a task's braid_object_stream_* / braid_file_stream_* calls on its parameters are STREAM
 * requests there. stream_param: a handle for parameter number handle of the running task (a
 * braid_file_stream * when file_stream, else a braid_object_stream *; NULL out of memory), freed
 * with braid_object_stream_free / braid_file_stream_free.
 */
BRAID_API void braid_worker_streams_attach(int requests, int replies);
BRAID_API void *braid_worker_stream_param(int file_stream, unsigned handle, const char *id, const char *alias,
                                          int mode, const char *base_dir);

#endif
