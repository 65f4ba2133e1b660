/*
 * C tasks from the main program (braid_tasks.h). The Java side that takes task definitions and
 * calls from a non-Java main (io.braid.launcher.embed) is not there yet, so defining and calling
 * fail with BRAID_ERR_UNSUPPORTED: a stub never pretends a task ran. The synchronisation calls are
 * exact as they are: with no task submitted, no value or file is waiting for one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "braid_tasks.h"
#include "internal.h"

#define NOT_YET "C tasks cannot be submitted yet: the runtime's task submission for C main programs " \
                "(io.braid.launcher.embed) comes with issue 26's next step; task '%s' was not run"

braid_status braid_task_define(const char *interface_name, const braid_task_function *function) {
    if (interface_name == NULL || function == NULL || function->name == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_task_define", "interface_name and function must not be NULL");
    }
    return braid_fail(BRAID_ERR_UNSUPPORTED, "braid_task_define", NOT_YET, function->name);
}

braid_status braid_task_call(const braid_task_function *function, const braid_task_arg *args, void *ret) {
    if (function == NULL || function->name == NULL || (function->nparams > 0 && args == NULL)) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_task_call", "function and its arguments must not be NULL");
    }
    if (function->return_type != BRAID_T_VOID && ret == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_task_call", "%s returns a value: ret must not be NULL", function->name);
    }
    return braid_fail(BRAID_ERR_UNSUPPORTED, "braid_task_call", NOT_YET, function->name);
}

void braid_task_stub(const char *interface_name, const braid_task_function *function,
                     const braid_task_arg *args, void *ret) {
    braid_status s = braid_task_define(interface_name, function);
    if (s == BRAID_OK) {
        s = braid_task_call(function, args, ret);
    }
    if (s != BRAID_OK) {
        fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        fflush(stderr);
        braid_off(); /* stops a started run's workers; BRAID_ERR_STATE when none: nothing to do */
        exit(1);
    }
}

braid_status braid_wait_on(void *address) {
    if (address == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_wait_on", "address must not be NULL");
    }
    return BRAID_OK;
}

braid_status braid_wait_on_file(const char *path) {
    if (path == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_wait_on_file", "path must not be NULL");
    }
    return BRAID_OK;
}

braid_status braid_fopen(const char *path, const char *mode, FILE **file) {
    if (path == NULL || mode == NULL || file == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_fopen", "path, mode and file must not be NULL");
    }
    braid_status s = braid_wait_on_file(path);
    if (s != BRAID_OK) {
        return s;
    }
    *file = fopen(path, mode);
    if (*file == NULL) {
        return braid_fail(BRAID_ERR_RUNTIME, "braid_fopen", "%s: %s", path, strerror(errno));
    }
    return BRAID_OK;
}
