/*
 * C task errors, each one line naming the culprit: a worker library that does not exist (at
 * definition, before any task), a call whose argument count differs from the library's function
 * and a function the library does not have (the task fails on the worker, is retried, and the run
 * fails with braid-c-worker's words), each in a run of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "braid_tasks.h"
#include "check.h"

static const braid_param one_int[] = {{"a", BRAID_T_INT, BRAID_IN, NULL}};
/* add as a wrong IDL would declare it: one argument, where the library's add takes two. */
static const braid_task_function add_one = {"add", BRAID_T_INT, NULL, 1, one_int, NULL};
static const braid_task_function nope = {"nope", BRAID_T_VOID, NULL, 0, NULL, NULL};

int main(void) {
    const char *library = getenv("BRAID_C_WORKER_LIBRARY");
    CHECK(library != NULL);
    int a = 1, ret = -1;
    braid_task_arg args[1] = {{&a}};

    OK(braid_on());
    setenv("BRAID_C_WORKER_LIBRARY", "/nonexistent/libapp-worker.so", 1);
    FAILS(braid_task_define("Tasks", &add_one), BRAID_ERR_ARGUMENT,
          "braid_task_define: task add: BRAID_C_WORKER_LIBRARY=/nonexistent/libapp-worker.so: no such file");
    setenv("BRAID_C_WORKER_LIBRARY", library, 1);
    OK(braid_task_define("Tasks", &add_one));
    FAILS(braid_task_call(&add_one, args, &ret), BRAID_ERR_RUNTIME,
          "C task Tasks.add: add takes 2 arguments");
    CHECK(ret == -1); /* nothing made up */
    FAILS(braid_off(), BRAID_ERR_RUNTIME, "add takes 2 arguments");

    OK(braid_on());
    OK(braid_task_define("Tasks", &nope));
    OK(braid_task_call(&nope, NULL, NULL));
    FAILS(braid_barrier(), BRAID_ERR_RUNTIME, "no task function nope in ");
    FAILS(braid_off(), BRAID_ERR_RUNTIME, "(it has: add, crash, greet, increment, kinds, move, noop, scale, write_text)");
    printf("c task errors: ok\n");
    return 0;
}
