/* One task request: decode, call the generated invoke function, encode the result. */
#ifndef BRAID_RUN_TASK_H
#define BRAID_RUN_TASK_H

#include "braid_worker.h"
#include "wire.h"

/* Reads a TASK message's body (after its type byte) from r and writes its RESULT into out.
   Returns -1 when the frame is malformed (the process must end), else 0. */
int run_task(const braid_task_table *table, const char *library, rbuf *r, wbuf *out);

#endif
