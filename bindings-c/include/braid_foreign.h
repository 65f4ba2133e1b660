/*
 * braid_foreign.h - the bytes-level task API under the C and Python bindings: the calls of
 * io.braid.launcher.embed.ForeignTasks through JNI, while a run started by braid_on is on.
 *
 * braid_tasks.h (the stubs braid-c-buildapp generates) and the Python package's runtime mode
 * (ctypes) both submit tasks through these functions only, so one analyser, scheduler and master
 * serve Java, C and Python main programs. Objects are opaque bytes identified by ids the binding
 * chooses; what the bytes mean is the binding's business (C: the VALUE encoding of the C worker
 * protocol, docs/DESIGN.md; Python: pickles). Errors as in braid.h: a status, and one line in
 * braid_last_error() naming the task, the parameter or the object.
 */
#ifndef BRAID_FOREIGN_H
#define BRAID_FOREIGN_H

#include <stddef.h>

#include "braid.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Defines a task type (ForeignTasks.define); its id goes to *type_id.
 * language: "python" or "c". module/function/location: for Python the module, the function and a
 * directory put first on the workers' Python path (NULL: none); for C the interface name, the
 * function name and the worker library (libAPP-worker.so) the workers load.
 * params: nparams strings "<DIR> <KIND>" (DIR: IN, OUT, INOUT; KIND: VALUE, OBJECT, FILE,
 * COLLECTION, STREAM), or FILE_IN/FILE_OUT/FILE_INOUT, STREAM_IN/STREAM_OUT. constraints: nconstraints "key=value" strings.
 * on_failure: NULL (RETRY) or RETRY, FAIL, IGNORE, CANCEL_SUCCESSORS. time_out_ms: 0 for none.
 */
BRAID_API braid_status braid_foreign_define(const char *language, const char *module, const char *function,
                                            const char *location, const char *const *params, int nparams,
                                            int returns, const char *const *constraints, int nconstraints,
                                            int io, int priority, const char *on_failure, long long time_out_ms,
                                            int *type_id);

/*
 * Defines a task type whose implementation is a binary or MPI program (ForeignTasks.defineProgram),
 * run by the workers as a Java @Binary/@MPI method's (docs/COMPSS.md, "Binary and MPI tasks").
 * program: nprogram "key=value" strings: kind=binary|mpi, binary=..., working_dir=...,
 * fail_by_exit_value=true|false; MPI: runner=..., flags=..., processes=N, scale_by_cu=true|false.
 * params: "IN VALUE" (the submitted bytes are the argument's UTF-8 text) or FILE_IN/FILE_OUT/FILE_INOUT.
 * prefixes, streams: NULL, or nparams entries (NULL entries: none): the text put before the
 * parameter's value on the command line ("#": left out), and STDIN/STDOUT/STDERR for a FILE the
 * program's stream is redirected to. returns: 1, the exit value is the task's return (its bytes a
 * Python pickle of the int); 0, none. The rest as for braid_foreign_define.
 */
BRAID_API braid_status braid_foreign_define_program(const char *module, const char *function,
                                                    const char *const *program, int nprogram,
                                                    const char *const *params, const char *const *prefixes,
                                                    const char *const *streams, int nparams, int returns,
                                                    const char *const *constraints, int nconstraints, int io,
                                                    int priority, const char *on_failure, long long time_out_ms,
                                                    int *type_id);

/*
 * Submits a call of a defined type (ForeignTasks.submit); its task id goes to *task_id (may be
 * NULL). Arrays have one entry per declared parameter, entries for other kinds ignored; an array
 * no parameter needs may be NULL. object_ids: OBJECT ids. values/value_sizes: VALUE bytes, and for
 * OBJECT the main program's current bytes or NULL (the runtime's newest version). files: FILE
 * paths, and STREAM stream ids (braid_object_stream_id / braid_file_stream_id). return_ids: nreturns ids for the returns (nreturns must be the type's). Collections:
 * element_counts[i], element_ids[i] and element_values[i]/element_sizes[i] (NULL: the runtime's
 * versions) for COLLECTION parameter i; all four may be NULL when the type has none.
 */
BRAID_API braid_status braid_foreign_submit(int type_id, const long long *object_ids, const void *const *values,
                                            const size_t *value_sizes, const char *const *files,
                                            const long long *return_ids, int nreturns,
                                            const size_t *element_counts, const long long *const *element_ids,
                                            const void *const *const *element_values,
                                            const size_t *const *element_sizes, long long *task_id);

/* Waits until the object's newest version exists; its bytes go to *data (a 0 byte after them; give them back with
 * braid_foreign_free, not free: they may be the runtime's buffer, read in place), *size. */
BRAID_API braid_status braid_foreign_wait_on(long long object_id, void **data, size_t *size);

/* Waits until the file's newest version is at its path; *canonical (may be NULL): that path (malloc'd). */
BRAID_API braid_status braid_foreign_wait_on_file(const char *path, char **canonical);

BRAID_API braid_status braid_foreign_delete_object(long long object_id);
/* braid_foreign_delete_object of count objects in one call (ids not known, or deleted already, are ignored). */
BRAID_API braid_status braid_foreign_delete_objects(const long long *object_ids, size_t count);
BRAID_API braid_status braid_foreign_delete_file(const char *path);

/* Task groups (TaskGroup, compss_barrier_group). *message (may be NULL): NULL, or what ended the group (malloc'd). */
BRAID_API braid_status braid_foreign_open_group(const char *name);
BRAID_API braid_status braid_foreign_close_group(const char *name, int barrier, char **message);
BRAID_API braid_status braid_foreign_barrier_group(const char *name, char **message);
BRAID_API braid_status braid_foreign_cancel_group(const char *name);

/* Frees what the functions above returned. */
BRAID_API void braid_foreign_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
