/* One task request: decode, call the generated invoke function, encode the result. */
#ifndef BRAID_RUN_TASK_H
#define BRAID_RUN_TASK_H

#include "braid_worker.h"
#include "wire.h"

/* libbraid's calls for a task's stream parameters, found in the worker library's dependencies
   (dlsym: braid-c-worker itself does not link libbraid); all NULL when the library does not link it. */
typedef struct stream_calls {
    void *(*param)(int file_stream, unsigned handle, const char *id, const char *alias, int mode, const char *base_dir);
    void (*free_object)(braid_object_stream *s);
    void (*free_file)(braid_file_stream *s);
} stream_calls;
extern stream_calls worker_streams;

/* Reads a TASK message's body (after its type byte) from r and writes its RESULT into out.
   Returns -1 when the frame is malformed (the process must end), else 0. */
int run_task(const braid_task_table *table, const char *library, rbuf *r, wbuf *out);

#endif
