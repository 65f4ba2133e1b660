/*
 * C tasks from a C main program (braid_tasks.h) over braid_foreign.h: a task function is a
 * ForeignTasks type of language "c" (module: the interface, function: its name, location: the
 * worker library), and a call is a submission whose bytes are the C worker protocol's VALUEs
 * (c_values.c), which the Java worker passes to braid-c-worker as they are.
 *
 * Parameter kinds: File -> FILE (its path); IN basic and string -> VALUE; IN user type, OUT and
 * INOUT -> OBJECT, whose id libbraid keeps per address of the caller's variable (task_objects.c),
 * so a later call naming the same variable reads that object (a dependency) and braid_wait_on of
 * the address brings its newest version back into the variable. A non-void return is an object
 * too: the stub returns the value, so the call waits for it (docs/C.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "braid_foreign.h"
#include "braid_tasks.h"
#include "c_values.h"
#include "internal.h"
#include "stream_handle.h"
#include "task_objects.h"

/* A function defined in the current run. */
struct defined {
    const braid_task_function *fn;
    int type_id;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int table_generation = -1; /* the run the tables below belong to */
static struct defined *defs;
static int ndefs, capdefs;
static long long next_id = 1;

/* Under lock: a new run forgets the old one's types and objects (their ids start again in Java). */
static void sync_run(void) {
    int g = braid_run_generation();
    if (g != table_generation) {
        free(defs);
        defs = NULL;
        ndefs = capdefs = 0;
        braid_objects_clear();
        table_generation = g;
    }
}

/* A failed braid_foreign_* call's line, named after the user's call: "braid_foreign_submit: x" -> "call: x". */
static braid_status relabel(braid_status st, const char *call) {
    if (st != BRAID_OK) {
        int reported = braid_last_error_reported();
        const char *m = strstr(braid_last_error(), ": ");
        char copy[4096];
        snprintf(copy, sizeof copy, "%s", m ? m + 2 : braid_last_error());
        braid_fail(st, call, "%s", copy);
        braid_error_keep_reported(reported);
    }
    return st;
}

static int find_def(const braid_task_function *fn) {
    for (int i = 0; i < ndefs; i++) {
        if (defs[i].fn == fn) {
            return defs[i].type_id;
        }
    }
    return -1;
}

static int is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * The worker library the workers load: BRAID_C_WORKER_LIBRARY, else libAPP-worker.so beside the
 * program APP (where braid-c-buildapp --build puts both). Absolute: the workers run elsewhere.
 */
static braid_status worker_library(const char *call, const char *task, char *out, size_t size) {
    const char *env = getenv("BRAID_C_WORKER_LIBRARY");
    char exe[PATH_MAX];
    char candidate[PATH_MAX + 32];
    if (env != NULL && *env != '\0') {
        if (!is_file(env) || realpath(env, out) == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: BRAID_C_WORKER_LIBRARY=%s: no such file", task, env);
        }
        return BRAID_OK;
    }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: this program's path is unknown (%s): set "
                          "BRAID_C_WORKER_LIBRARY to the worker library", task, strerror(errno));
    }
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    *slash = '\0';
    snprintf(candidate, sizeof candidate, "%s/lib%s-worker.so", exe, slash + 1);
    if (!is_file(candidate) || strlen(candidate) >= size) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: no worker library %s (braid-c-buildapp --build makes "
                          "libAPP-worker.so beside the program APP; else set BRAID_C_WORKER_LIBRARY)", task,
                          candidate);
    }
    snprintf(out, size, "%s", candidate);
    return BRAID_OK;
}

/* A parameter's ForeignTasks declaration; NULL (and the last error set) for one that cannot be. */
static const char *declaration(const char *call, const braid_task_function *fn, int i) {
    const braid_param *p = &fn->params[i];
    unsigned base = p->type & 0x7f;
    const char *name = p->name ? p->name : "?";
    if (base == BRAID_T_VOID || base > BRAID_T_FILE_STREAM || p->direction > BRAID_INOUT) {
        braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: parameter %d (%s): type code %u, direction %u", fn->name, i + 1,
                   name, (unsigned)p->type, (unsigned)p->direction);
        return NULL;
    }
    if (base == BRAID_T_OBJECT && (p->user_type == NULL || p->user_type->serialize == NULL
                                   || p->user_type->deserialize == NULL)) {
        braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: parameter %d (%s): a user type without its functions",
                   fn->name, i + 1, name);
        return NULL;
    }
    if (base == BRAID_T_FILE) {
        return p->direction == BRAID_IN ? "FILE_IN" : p->direction == BRAID_OUT ? "FILE_OUT" : "FILE_INOUT";
    }
    if (base == BRAID_T_OBJECT_STREAM || base == BRAID_T_FILE_STREAM) {
        if (p->direction == BRAID_INOUT) {
            braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: parameter %d (%s): a task reads a stream (in) or writes "
                       "it (out), not both", fn->name, i + 1, name);
            return NULL;
        }
        return p->direction == BRAID_IN ? "STREAM_IN" : "STREAM_OUT";
    }
    if (p->direction == BRAID_IN) {
        return base == BRAID_T_OBJECT ? "IN OBJECT" : "IN VALUE";
    }
    return p->direction == BRAID_OUT ? "OUT OBJECT" : "INOUT OBJECT";
}

braid_status braid_task_define(const char *interface_name, const braid_task_function *function) {
    const char *call = "braid_task_define";
    if (interface_name == NULL || function == NULL || function->name == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "interface_name and function must not be NULL");
    }
    if (function->nparams < 0 || (function->nparams > 0 && function->params == NULL)) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: %d parameters and no descriptions", function->name,
                          function->nparams);
    }
    unsigned ret = function->return_type & 0x7f;
    if (ret == BRAID_T_FILE || ret > BRAID_T_OBJECT
        || (ret == BRAID_T_OBJECT && (function->return_user_type == NULL
                                      || function->return_user_type->deserialize == NULL))) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s: return type code %u cannot be returned", function->name,
                          (unsigned)function->return_type);
    }
    if (!braid_run_is_on()) {
        return braid_fail(BRAID_ERR_STATE, call, "task %s: the runtime is not on (call braid_on first)",
                          function->name);
    }
    pthread_mutex_lock(&lock);
    sync_run();
    if (find_def(function) >= 0) {
        pthread_mutex_unlock(&lock);
        return BRAID_OK;
    }
    braid_status st = BRAID_OK;
    const char **params = calloc((size_t)function->nparams + 1, sizeof *params);
    if (params == NULL) {
        st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
    }
    for (int i = 0; st == BRAID_OK && i < function->nparams; i++) {
        if ((params[i] = declaration(call, function, i)) == NULL) {
            st = BRAID_ERR_ARGUMENT;
        }
    }
    char library[PATH_MAX];
    if (st == BRAID_OK) {
        st = worker_library(call, function->name, library, sizeof library);
    }
    int id = -1;
    if (st == BRAID_OK) {
        st = braid_foreign_define("c", interface_name, function->name, library, params, function->nparams,
                                  ret == BRAID_T_VOID ? 0 : 1, NULL, 0, 0, 0, NULL, 0, &id);
        relabel(st, call);
    }
    if (st == BRAID_OK && ndefs == capdefs) {
        int cap = capdefs ? capdefs * 2 : 16;
        struct defined *more = realloc(defs, (size_t)cap * sizeof *more);
        if (more == NULL) {
            st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
        } else {
            defs = more;
            capdefs = cap;
        }
    }
    if (st == BRAID_OK) {
        defs[ndefs].fn = function;
        defs[ndefs].type_id = id;
        ndefs++;
    }
    pthread_mutex_unlock(&lock);
    free(params);
    return st;
}

/* One argument's part of a submission. */
struct planned {
    const void *value;    /* VALUE/OBJECT bytes, or NULL */
    unsigned char *owned; /* value, when libbraid made it */
    size_t size;
    long long id;
    int track;            /* the table entry to write after the submission */
    braid_tracked entry;
};

/* Under lock: the object id of the variable at address, from the table or an earlier argument of this call. */
static braid_tracked *known(const void *address, struct planned *plan, int upto, int *earlier) {
    *earlier = 0;
    for (int k = 0; k < upto; k++) {
        if (plan[k].track && plan[k].entry.address == address) {
            *earlier = 1;
            return &plan[k].entry;
        }
    }
    return braid_objects_find(address);
}

/* Under lock: argument i of fn as its submission needs it. */
static braid_status plan_arg(const char *call, const braid_task_function *fn, int i, const void *address,
                             struct planned *plan) {
    const braid_param *p = &fn->params[i];
    unsigned base = p->type & 0x7f;
    char what[256];
    snprintf(what, sizeof what, "task %s argument %d (%s)", fn->name, i + 1, p->name ? p->name : "?");
    struct planned *a = &plan[i];
    if (base == BRAID_T_FILE) {
        if (address == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: the File path is NULL", what);
        }
        return BRAID_OK;
    }
    if (base == BRAID_T_OBJECT_STREAM || base == BRAID_T_FILE_STREAM) {
        if (address == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: the stream handle is NULL", what);
        }
        return BRAID_OK; /* its id goes as the parameter's "file" (braid_task_call) */
    }
    if (p->direction == BRAID_IN && base != BRAID_T_OBJECT) {
        braid_status st = braid_c_encode(call, what, p->type, NULL, address, &a->owned, &a->size);
        a->value = a->owned;
        return st;
    }
    if (address == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: the variable's address is NULL", what);
    }
    int earlier;
    braid_tracked *t = known(address, plan, i, &earlier);
    /* The main program's value goes along when it holds the newest (a new variable, or one it waited on). */
    int give = (t == NULL || t->synced) && !earlier && p->direction != BRAID_OUT;
    a->id = t ? t->id : next_id++;
    a->track = 1;
    a->entry.address = address;
    a->entry.id = a->id;
    a->entry.type = p->type;
    a->entry.ut = p->user_type;
    /* IN: the main program still holds the newest, or still waits for it; OUT, INOUT: a task is to write it. */
    a->entry.synced = p->direction == BRAID_IN ? (t == NULL || t->synced) : 0;
    if (give) {
        const void *value = base == BRAID_T_STRING ? *(char *const *)address : address;
        braid_status st = braid_c_encode(call, what, p->type, p->user_type, value, &a->owned, &a->size);
        a->value = a->owned;
        return st;
    }
    return BRAID_OK;
}

/* Waits for object id and decodes it into the variable at address. */
static braid_status fetch(const char *call, const char *what, long long id, unsigned char type,
                          const braid_user_type *ut, void *address) {
    void *data = NULL;
    size_t size = 0;
    braid_status st = braid_foreign_wait_on(id, &data, &size);
    if (st != BRAID_OK) {
        return relabel(st, call);
    }
    st = braid_c_decode(call, what, type, ut, data, size, address);
    braid_foreign_free(data);
    return st;
}

braid_status braid_task_call(const braid_task_function *function, const braid_task_arg *args, void *ret) {
    const char *call = "braid_task_call";
    if (function == NULL || function->name == NULL || (function->nparams > 0 && args == NULL)) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "function and its arguments must not be NULL");
    }
    if (function->return_type != BRAID_T_VOID && ret == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s returns a value: ret must not be NULL", function->name);
    }
    int n = function->nparams;
    struct planned *plan = calloc((size_t)n + 1, sizeof *plan);
    long long *ids = calloc((size_t)n + 1, sizeof *ids);
    const void **values = calloc((size_t)n + 1, sizeof *values);
    size_t *sizes = calloc((size_t)n + 1, sizeof *sizes);
    const char **files = calloc((size_t)n + 1, sizeof *files);
    braid_status st = BRAID_OK;
    if (plan == NULL || ids == NULL || values == NULL || sizes == NULL || files == NULL) {
        st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
    }
    long long return_id = 0;
    pthread_mutex_lock(&lock);
    sync_run();
    int type_id = st == BRAID_OK ? find_def(function) : 0;
    if (type_id < 0) {
        st = braid_fail(BRAID_ERR_STATE, call, "task %s is not defined in this run (braid_task_define first)",
                        function->name);
    }
    for (int i = 0; st == BRAID_OK && i < n; i++) {
        st = plan_arg(call, function, i, args[i].address, plan);
        ids[i] = plan[i].id;
        values[i] = plan[i].value;
        sizes[i] = plan[i].size;
        unsigned base = function->params[i].type & 0x7f;
        files[i] = (base == BRAID_T_OBJECT_STREAM || base == BRAID_T_FILE_STREAM) && args[i].address != NULL
                       ? ((const struct braid_stream *)args[i].address)->id /* both handle kinds start with it */
                       : (const char *)args[i].address;
    }
    if (st == BRAID_OK) {
        if (function->return_type != BRAID_T_VOID) {
            return_id = next_id++;
        }
        st = braid_foreign_submit(type_id, ids, values, sizes, files, return_id ? &return_id : NULL,
                                  return_id ? 1 : 0, NULL, NULL, NULL, NULL, NULL);
        relabel(st, call);
    }
    for (int i = 0; st == BRAID_OK && i < n; i++) {
        if (plan[i].track && braid_objects_put(&plan[i].entry) != 0) {
            st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
        }
    }
    pthread_mutex_unlock(&lock);
    for (int i = 0; plan != NULL && i < n; i++) {
        free(plan[i].owned);
    }
    free(plan);
    free(ids);
    free(values);
    free(sizes);
    free(files);
    if (st == BRAID_OK && return_id != 0) {
        char what[256];
        snprintf(what, sizeof what, "the return of task %s", function->name);
        st = fetch(call, what, return_id, function->return_type, function->return_user_type, ret);
        braid_foreign_delete_object(return_id); /* read once: the runtime may forget it */
    }
    return st;
}

void braid_task_stub(const char *interface_name, const braid_task_function *function,
                     const braid_task_arg *args, void *ret) {
    braid_status s = braid_task_define(interface_name, function);
    if (s == BRAID_OK) {
        s = braid_task_call(function, args, ret);
    }
    if (s != BRAID_OK) {
        if (!braid_last_error_reported()) { /* a failed run's reason is on stderr already */
            fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
            fflush(stderr);
        }
        braid_off(); /* stops a started run's workers; BRAID_ERR_STATE when none: nothing to do */
        exit(1);
    }
}

braid_status braid_wait_on(void *address) {
    const char *call = "braid_wait_on";
    if (address == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "address must not be NULL");
    }
    pthread_mutex_lock(&lock);
    sync_run();
    braid_tracked *t = braid_objects_find(address);
    braid_tracked copy = t ? *t : (braid_tracked){0};
    pthread_mutex_unlock(&lock);
    if (t == NULL || copy.synced) { /* no task writes it, or the main program already holds the newest */
        return BRAID_OK;
    }
    char what[128];
    snprintf(what, sizeof what, "object %lld (the variable at %p)", copy.id, address);
    braid_status st = fetch(call, what, copy.id, copy.type, copy.ut, address);
    if (st == BRAID_OK) {
        pthread_mutex_lock(&lock);
        t = braid_objects_find(address);
        if (t != NULL && t->id == copy.id && table_generation == braid_run_generation()) {
            t->synced = 1;
        }
        pthread_mutex_unlock(&lock);
    }
    return st;
}

braid_status braid_wait_on_file(const char *path) {
    if (path == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_wait_on_file", "path must not be NULL");
    }
    if (!braid_run_is_on()) { /* no run: no task writes it */
        return BRAID_OK;
    }
    return relabel(braid_foreign_wait_on_file(path, NULL), "braid_wait_on_file");
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

braid_status braid_delete_object(void *address) {
    const char *call = "braid_delete_object";
    if (address == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "address must not be NULL");
    }
    pthread_mutex_lock(&lock);
    sync_run();
    braid_tracked *t = braid_objects_find(address);
    long long id = t ? t->id : 0;
    braid_objects_remove(address); /* the next task naming the variable starts a new object with its value */
    pthread_mutex_unlock(&lock);
    if (id == 0 || !braid_run_is_on()) { /* no task ever had it: nothing to forget */
        return BRAID_OK;
    }
    return relabel(braid_foreign_delete_object(id), call);
}

braid_status braid_delete_file(const char *path) {
    const char *call = "braid_delete_file";
    if (path == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "path must not be NULL");
    }
    if (!braid_run_is_on()) { /* no run: no task uses it */
        if (remove(path) != 0 && errno != ENOENT) {
            return braid_fail(BRAID_ERR_RUNTIME, call, "%s: %s", path, strerror(errno));
        }
        return BRAID_OK;
    }
    return relabel(braid_foreign_delete_file(path), call);
}
