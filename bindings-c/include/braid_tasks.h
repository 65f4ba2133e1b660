/*
 * braid_tasks.h - C functions as Braid tasks: the descriptors braid-c-buildapp generates from an
 * IDL file, the calls its master stubs make (braid_task_define, braid_task_call), and the
 * synchronisation calls of a main program (braid_wait_on, braid_wait_on_file, braid_fopen, and
 * in C++ braid_ifstream/braid_ofstream). COMPSs' names: compss_wait_on, compss_fopen, ...
 * (compss.h). docs/C.md, "C tasks".
 *
 * The descriptor types (braid_type codes, directions, braid_user_type, braid_task_function) are
 * also those of the worker side: the generated executor is a table of braid_task_function that
 * braid-c-worker runs (braid_worker.h), and the type codes are the C worker protocol's
 * (docs/DESIGN.md, "C worker protocol").
 *
 * The calls go through braid_foreign.h: a function is a task type of language "c" (its
 * interface, its name, the worker library), and its arguments are the C worker protocol's VALUEs;
 * OUT/INOUT arguments and IN user types are objects named by the address of the caller's
 * variable, which braid_wait_on(address) fills (docs/C.md, "Calls and variables").
 */
#ifndef BRAID_TASKS_H
#define BRAID_TASKS_H

#include <stddef.h>
#include <stdio.h>

#include "braid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A parameter's or return's type, as the IDL names it. Basic types may carry BRAID_T_UNSIGNED. */
typedef enum braid_type {
    BRAID_T_VOID = 0,
    BRAID_T_BOOLEAN = 1, /* C int, 0 or 1 (COMPSs' C boolean) */
    BRAID_T_CHAR = 2,
    BRAID_T_SHORT = 3,
    BRAID_T_INT = 4,
    BRAID_T_LONG = 5,    /* 64 bits */
    BRAID_T_FLOAT = 6,
    BRAID_T_DOUBLE = 7,
    BRAID_T_STRING = 8,  /* char *, UTF-8 */
    BRAID_T_FILE = 9,    /* file (char *): a path */
    BRAID_T_OBJECT = 10, /* a user type, bytes made by its own serialise function */
    BRAID_T_OBJECT_STREAM = 11, /* braid_object_stream *: in (the task polls it) or out (publishes) */
    BRAID_T_FILE_STREAM = 12    /* braid_file_stream *: the same for a file stream */
} braid_type;
#define BRAID_T_UNSIGNED 0x80

typedef enum braid_direction { BRAID_IN = 0, BRAID_OUT = 1, BRAID_INOUT = 2 } braid_direction;

/* COMPSs' C type of a File parameter. */
typedef char *file;

/*
 * A user type, serialised by the user's own functions (for an IDL type T: T_serialize,
 * T_deserialize, T_release; docs/C.md). serialize makes malloc'd bytes (*data, *size);
 * deserialize fills *value (zeroed memory of size bytes) from them; release frees what
 * deserialize (or the task) allocated inside *value, not value itself. 0 = success.
 */
typedef struct braid_user_type {
    const char *name;
    size_t size;
    int (*serialize)(const void *value, void **data, size_t *size);
    int (*deserialize)(const void *data, size_t size, void *value);
    void (*release)(void *value);
} braid_user_type;

typedef struct braid_param {
    const char *name;
    unsigned char type;       /* braid_type, maybe | BRAID_T_UNSIGNED */
    unsigned char direction;  /* braid_direction */
    const braid_user_type *user_type; /* BRAID_T_OBJECT only */
} braid_param;

/* One argument or return value, as the worker hands it to a generated invoke function. */
typedef union braid_value {
    char c;
    short s;
    int i;      /* int and boolean */
    long l;
    float f;
    double d;
    char *str;  /* string and File */
    void *obj;  /* user type: points to the value; a stream: its handle */
} braid_value;

/* A task function: what the IDL says of it, and (worker side) how to call it. */
typedef struct braid_task_function {
    const char *name;
    unsigned char return_type;
    const braid_user_type *return_user_type;
    int nparams;
    const braid_param *params;
    /* Worker side: calls the function with args[i] per parameter (OUT/INOUT: the value the
       function updates through a pointer); stores the return in *ret. NULL on the master. */
    void (*invoke)(braid_value *args, braid_value *ret);
} braid_task_function;

/* One argument of a call from the master: the caller's value (IN) or variable (OUT/INOUT). */
typedef struct braid_task_arg {
    const void *address; /* basic types: the value's address; string/File: the char * itself; a stream: its handle */
} braid_task_arg;

/*
 * Registers a task function of interface_name with the run that is on (once per function and
 * run; later calls return at once). Its worker library: BRAID_C_WORKER_LIBRARY, else
 * libAPP-worker.so beside the program APP. BRAID_ERR_STATE without a run.
 */
BRAID_API braid_status braid_task_define(const char *interface_name, const braid_task_function *function);

/*
 * Submits one call of a defined function with fn->nparams arguments; ret: where a non-void
 * return goes (the call then waits for the task). BRAID_ERR_STATE if not defined in this run.
 */
BRAID_API braid_status braid_task_call(const braid_task_function *function, const braid_task_arg *args, void *ret);

/*
 * What a generated stub does: defines the function on its first call, submits the call, and on
 * failure prints "[braid] ERROR: <braid_last_error()>" (unless the runtime already reported the
 * failed run: braid_last_error_reported), stops the run (braid_off) and exits with status 1, as
 * COMPSs' stubs (which return the task's own type, not a status) end the program.
 */
BRAID_API void braid_task_stub(const char *interface_name, const braid_task_function *function,
                               const braid_task_arg *args, void *ret);

/*
 * Waits until the newest value of the variable at address (an OUT/INOUT argument or IN user type
 * of a task) exists and writes it there (a string: a new malloc'd char *; a user type: its
 * T_deserialize). At once when no task writes it or the program already has its newest value.
 */
BRAID_API braid_status braid_wait_on(void *address);

/* Waits until every task writing path has ended and the file is there, as the main program names it. */
BRAID_API braid_status braid_wait_on_file(const char *path);

/* braid_wait_on_file(path), then fopen(path, mode) into *file (BRAID_ERR_RUNTIME with errno's text). */
BRAID_API braid_status braid_fopen(const char *path, const char *mode, FILE **file);

/*
 * The runtime forgets the variable at address (COMPSs' compss_delete_object): the versions tasks
 * made of it are dropped, the variable keeps what it holds, and a later task naming it takes that
 * value as a new object. A task still writing it runs on; braid_wait_on(address) then returns at
 * once. BRAID_OK for a variable no task had.
 */
BRAID_API braid_status braid_delete_object(void *address);

/*
 * Waits until the tasks using path have ended, then deletes the file and the runtime's copies of
 * it (COMPSs' compss_delete_file). Without a run: removes the file. A missing file is not an error.
 */
BRAID_API braid_status braid_delete_file(const char *path);

#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
#include <fstream>
/* C++: the file synchronised, then opened in the stream (COMPSs' compss_ifstream / compss_ofstream). */
inline braid_status braid_ifstream(const char *path, std::ifstream &stream) {
    braid_status s = braid_wait_on_file(path);
    if (s == BRAID_OK) stream.open(path);
    return s;
}
inline braid_status braid_ofstream(const char *path, std::ofstream &stream) {
    braid_status s = braid_wait_on_file(path);
    if (s == BRAID_OK) stream.open(path);
    return s;
}
#endif

#endif
