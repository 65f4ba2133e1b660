/*
 * braid_foreign_*: io.braid.launcher.embed.ForeignTasks through JNI (braid_foreign.h): defining and
 * submitting tasks (the main program's waits, deletions and groups: foreign_sync.c).
 *
 * submit's arrays have one entry per declared parameter and only some entries are meaningful
 * (values[i] for VALUE and OBJECT, files[i] for FILE and STREAM, ...): the others may be garbage. So define
 * records each type's parameter kinds here, and submit reads only the entries its type's kinds
 * name. Type ids start at 0 in every run (ForeignTaskTypes is per run): a define in a new run
 * overwrites the old run's entry of the same id.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "braid_foreign.h"
#include "internal.h"

enum kind { K_VALUE = 'V', K_OBJECT = 'O', K_FILE = 'F', K_COLLECTION = 'C', K_STREAM = 'S' };

struct type_shape {
    int nparams;
    char *kinds; /* nparams of enum kind */
};

static pthread_mutex_t shapes_lock = PTHREAD_MUTEX_INITIALIZER;
static struct type_shape *shapes;
static int nshapes;

/* The kind a parameter declaration names ("IN VALUE", "FILE_OUT", ...); 0 if none (Java then names the error). */
static char kind_of(const char *decl) {
    if (decl == NULL) {
        return 0;
    }
    if (strncmp(decl, "FILE_", 5) == 0 || strstr(decl, "FILE") != NULL) {
        return K_FILE;
    }
    if (strstr(decl, "COLLECTION") != NULL) {
        return K_COLLECTION;
    }
    if (strstr(decl, "STREAM") != NULL) {
        return K_STREAM; /* named by its stream id, in files[i] */
    }
    if (strstr(decl, "OBJECT") != NULL) {
        return K_OBJECT;
    }
    if (strstr(decl, "VALUE") != NULL) {
        return K_VALUE;
    }
    return 0;
}

/* A Java String[] of n items; nulls: whether NULL items are allowed (they stay null), else an error. */
static jobjectArray jstrings_of(JNIEnv *env, const char *call, const char *what, const char *const *items, int n,
                                int nulls, braid_status *st) {
    if (*st != BRAID_OK || n <= 0) {
        return NULL;
    }
    if (items == NULL) {
        *st = braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL (%d expected)", what, n);
        return NULL;
    }
    jobjectArray a = (*env)->NewObjectArray(env, n, braid_j.string, NULL);
    if (a == NULL) {
        *st = braid_check(env, call);
        return NULL;
    }
    for (int i = 0; i < n && *st == BRAID_OK; i++) {
        if (items[i] == NULL) {
            if (nulls) {
                continue;
            }
            *st = braid_fail(BRAID_ERR_ARGUMENT, call, "%s[%d] is NULL", what, i);
            break;
        }
        jstring s = braid_jstr(env, call, items[i], st);
        if (s != NULL) {
            (*env)->SetObjectArrayElement(env, a, i, s);
            (*env)->DeleteLocalRef(env, s);
        }
    }
    return a;
}

static jobjectArray jstrings(JNIEnv *env, const char *call, const char *what, const char *const *items, int n,
                             braid_status *st) {
    return jstrings_of(env, call, what, items, n, 0, st);
}

static void set(JNIEnv *env, jobjectArray a, int i, jobject item) {
    if (item != NULL) {
        (*env)->SetObjectArrayElement(env, a, i, item);
        (*env)->DeleteLocalRef(env, item);
    }
}

static braid_status record_shape(const char *call, int id, const char *const *params, int nparams, char *kinds) {
    for (int i = 0; i < nparams; i++) {
        kinds[i] = kind_of(params[i]);
    }
    pthread_mutex_lock(&shapes_lock);
    if (id >= nshapes) {
        struct type_shape *more = realloc(shapes, (size_t)(id + 1) * 2 * sizeof *more);
        if (more == NULL) {
            pthread_mutex_unlock(&shapes_lock);
            free(kinds);
            return braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
        }
        memset(more + nshapes, 0, ((size_t)(id + 1) * 2 - (size_t)nshapes) * sizeof *more);
        shapes = more;
        nshapes = (id + 1) * 2;
    }
    free(shapes[id].kinds);
    shapes[id].kinds = kinds;
    shapes[id].nparams = nparams;
    pthread_mutex_unlock(&shapes_lock);
    return BRAID_OK;
}

/* What braid_foreign_define and braid_foreign_define_program share: the checks before Java is called. */
static braid_status define_start(const char *call, const char *module, const char *function, int nparams,
                                 int nconstraints, int *type_id, char **kinds, JNIEnv **env) {
    if (type_id == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "type_id is NULL");
    }
    if (nparams < 0 || nconstraints < 0) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s.%s: %d parameters, %d constraints (0 or more)",
                          module ? module : "?", function ? function : "?", nparams, nconstraints);
    }
    *kinds = malloc((size_t)nparams + 1);
    if (*kinds == NULL) {
        return braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
    }
    braid_status st = braid_foreign_begin(call, env);
    if (st != BRAID_OK) {
        free(*kinds);
    }
    return st;
}

/* ... and after: the local frame popped, the shape recorded, the id given. */
static braid_status define_end(JNIEnv *env, const char *call, braid_status st, jint id, const char *const *params,
                               int nparams, char *kinds, int *type_id) {
    (*env)->PopLocalFrame(env, NULL);
    if (st != BRAID_OK) {
        free(kinds);
        return st;
    }
    st = record_shape(call, id, params, nparams, kinds);
    if (st == BRAID_OK) {
        *type_id = id;
    }
    return st;
}

braid_status braid_foreign_define(const char *language, const char *module, const char *function,
                                  const char *location, const char *const *params, int nparams, int returns,
                                  const char *const *constraints, int nconstraints, int io, int priority,
                                  const char *on_failure, long long time_out_ms, int *type_id) {
    const char *call = "braid_foreign_define";
    char *kinds;
    JNIEnv *env;
    braid_status st = define_start(call, module, function, nparams, nconstraints, type_id, &kinds, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jstring jlang = braid_jstr(env, call, language, &st);
    jstring jmodule = braid_jstr(env, call, module, &st);
    jstring jfunction = braid_jstr(env, call, function, &st);
    jstring jlocation = braid_jstr(env, call, location, &st);
    jstring jfailure = braid_jstr(env, call, on_failure, &st);
    jobjectArray jparams = jstrings(env, call, "params", params, nparams, &st);
    jobjectArray jconstraints = jstrings(env, call, "constraints", constraints, nconstraints, &st);
    if (st == BRAID_OK && nparams == 0) {
        jparams = (*env)->NewObjectArray(env, 0, braid_j.string, NULL);
        st = braid_check(env, call);
    }
    jint id = -1;
    if (st == BRAID_OK) {
        id = (*env)->CallStaticIntMethod(env, braid_j.foreign_tasks, braid_j.f_define, jlang, jmodule, jfunction,
                                         jlocation, jparams, (jint)returns, jconstraints, (jboolean)(io != 0),
                                         (jboolean)(priority != 0), jfailure, (jlong)time_out_ms);
        st = braid_check(env, call);
    }
    return define_end(env, call, st, id, params, nparams, kinds, type_id);
}

braid_status braid_foreign_define_program(const char *module, const char *function, const char *const *program,
                                          int nprogram, const char *const *params, const char *const *prefixes,
                                          const char *const *streams, int nparams, int returns,
                                          const char *const *constraints, int nconstraints, int io, int priority,
                                          const char *on_failure, long long time_out_ms, int *type_id) {
    const char *call = "braid_foreign_define_program";
    if (nprogram < 1) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task %s.%s: no program settings (kind=binary|mpi, binary=...)",
                          module ? module : "?", function ? function : "?");
    }
    char *kinds;
    JNIEnv *env;
    braid_status st = define_start(call, module, function, nparams, nconstraints, type_id, &kinds, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jstring jmodule = braid_jstr(env, call, module, &st);
    jstring jfunction = braid_jstr(env, call, function, &st);
    jstring jfailure = braid_jstr(env, call, on_failure, &st);
    jobjectArray jprogram = jstrings(env, call, "program", program, nprogram, &st);
    jobjectArray jparams = jstrings(env, call, "params", params, nparams, &st);
    jobjectArray jprefixes = prefixes ? jstrings_of(env, call, "prefixes", prefixes, nparams, 1, &st) : NULL;
    jobjectArray jstreams = streams ? jstrings_of(env, call, "streams", streams, nparams, 1, &st) : NULL;
    jobjectArray jconstraints = jstrings(env, call, "constraints", constraints, nconstraints, &st);
    if (st == BRAID_OK && nparams == 0) {
        jparams = (*env)->NewObjectArray(env, 0, braid_j.string, NULL);
        st = braid_check(env, call);
    }
    jint id = -1;
    if (st == BRAID_OK) {
        id = (*env)->CallStaticIntMethod(env, braid_j.foreign_tasks, braid_j.f_define_program, jmodule, jfunction,
                                         jprogram, jparams, jprefixes, jstreams, (jint)returns, jconstraints,
                                         (jboolean)(io != 0), (jboolean)(priority != 0), jfailure,
                                         (jlong)time_out_ms);
        st = braid_check(env, call);
    }
    return define_end(env, call, st, id, params, nparams, kinds, type_id);
}

/*
 * A malloc'd copy of the type's kinds into *kinds (a define of another run may replace them
 * meanwhile); its parameter count, -1 if never defined, -2 out of memory.
 */
static int shape_of(int type_id, char **kinds) {
    int n = -1;
    pthread_mutex_lock(&shapes_lock);
    if (type_id >= 0 && type_id < nshapes && shapes[type_id].kinds != NULL) {
        n = shapes[type_id].nparams;
        *kinds = malloc((size_t)n + 1);
        if (*kinds == NULL) {
            n = -2;
        } else {
            memcpy(*kinds, shapes[type_id].kinds, (size_t)n);
        }
    }
    pthread_mutex_unlock(&shapes_lock);
    return n;
}

braid_status braid_foreign_submit(int type_id, const long long *object_ids, const void *const *values,
                                  const size_t *value_sizes, const char *const *files, const long long *return_ids,
                                  int nreturns, const size_t *element_counts, const long long *const *element_ids,
                                  const void *const *const *element_values, const size_t *const *element_sizes,
                                  long long *task_id) {
    const char *call = "braid_foreign_submit";
    if (nreturns < 0 || (nreturns > 0 && return_ids == NULL)) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "task type %d: %d returns and return_ids %s", type_id, nreturns,
                          return_ids ? "given" : "NULL");
    }
    char *kinds = NULL;
    int n = shape_of(type_id, &kinds);
    if (n < 0) {
        return n == -2 ? braid_fail(BRAID_ERR_MEMORY, call, "out of memory")
                       : braid_fail(BRAID_ERR_ARGUMENT, call, "task type %d was not defined by braid_foreign_define",
                                    type_id);
    }
    JNIEnv *env;
    braid_status st = braid_foreign_begin(call, &env);
    if (st != BRAID_OK) {
        free(kinds);
        return st;
    }
    jlongArray jids = NULL;
    if (object_ids != NULL) {
        jids = (*env)->NewLongArray(env, n);
        st = braid_check(env, call);
        for (int i = 0; i < n && st == BRAID_OK; i++) {
            if (kinds[i] == K_OBJECT) {
                jlong v = (jlong)object_ids[i];
                (*env)->SetLongArrayRegion(env, jids, i, 1, &v);
            }
        }
    }
    jobjectArray jvalues = NULL;
    if (values != NULL && st == BRAID_OK) {
        jvalues = (*env)->NewObjectArray(env, n, braid_j.byte_array, NULL);
        st = braid_check(env, call);
        for (int i = 0; i < n && st == BRAID_OK; i++) {
            if ((kinds[i] == K_VALUE || kinds[i] == K_OBJECT) && values[i] != NULL) {
                if (value_sizes == NULL) {
                    st = braid_fail(BRAID_ERR_ARGUMENT, call, "task type %d: value_sizes is NULL", type_id);
                    break;
                }
                set(env, jvalues, i, braid_new_bytes(env, call, "values", i, values[i], value_sizes[i], &st));
            }
        }
    }
    jobjectArray jfiles = NULL;
    if (files != NULL && st == BRAID_OK) {
        jfiles = (*env)->NewObjectArray(env, n, braid_j.string, NULL);
        st = braid_check(env, call);
        for (int i = 0; i < n && st == BRAID_OK; i++) {
            if (kinds[i] == K_FILE || kinds[i] == K_STREAM) {
                set(env, jfiles, i, braid_jstr(env, call, files[i], &st));
            }
        }
    }
    jlongArray jreturns = braid_jlongs(env, call, return_ids, (size_t)nreturns, &st);
    jobjectArray jelement_ids = NULL;
    jobjectArray jelement_values = NULL;
    if (element_counts != NULL && element_ids != NULL && st == BRAID_OK) {
        jclass long_array = (*env)->FindClass(env, "[J");
        jclass bytes_array = (*env)->FindClass(env, "[[B");
        st = braid_check(env, call);
        if (st == BRAID_OK) {
            jelement_ids = (*env)->NewObjectArray(env, n, long_array, NULL);
            jelement_values = element_values ? (*env)->NewObjectArray(env, n, bytes_array, NULL) : NULL;
            st = braid_check(env, call);
        }
        for (int i = 0; i < n && st == BRAID_OK; i++) {
            if (kinds[i] != K_COLLECTION) {
                continue;
            }
            size_t count = element_counts[i];
            if (count > 0 && element_ids[i] == NULL) {
                st = braid_fail(BRAID_ERR_ARGUMENT, call, "task type %d parameter %d: %zu elements and no ids",
                                type_id, i + 1, count);
                break;
            }
            set(env, jelement_ids, i, element_ids[i] ? braid_jlongs(env, call, element_ids[i], count, &st)
                                                     : (*env)->NewLongArray(env, 0));
            if (jelement_values != NULL && element_values[i] != NULL && st == BRAID_OK) {
                jobjectArray one = (*env)->NewObjectArray(env, (jsize)count, braid_j.byte_array, NULL);
                st = braid_check(env, call);
                for (size_t k = 0; k < count && st == BRAID_OK; k++) {
                    if (element_values[i][k] != NULL) {
                        if (element_sizes == NULL || element_sizes[i] == NULL) {
                            st = braid_fail(BRAID_ERR_ARGUMENT, call, "task type %d parameter %d: element_sizes is "
                                            "NULL", type_id, i + 1);
                            break;
                        }
                        set(env, one, (int)k, braid_new_bytes(env, call, "element_values", (int)k, element_values[i][k],
                                                      element_sizes[i][k], &st));
                    }
                }
                set(env, jelement_values, i, one);
            }
        }
    }
    jlong id = 0;
    if (st == BRAID_OK) {
        id = (*env)->CallStaticLongMethod(env, braid_j.foreign_tasks, braid_j.f_submit, (jint)type_id, jids,
                                          jvalues, jfiles, jreturns, jelement_ids, jelement_values);
        st = braid_check(env, call);
    }
    (*env)->PopLocalFrame(env, NULL);
    free(kinds);
    if (st == BRAID_OK && task_id != NULL) {
        *task_id = (long long)id;
    }
    return st;
}
