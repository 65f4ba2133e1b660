/*
 * braid_foreign_* of the main program's synchronisation (braid_foreign.h): waiting for an object
 * (handed out in place) or a file, freeing what was handed out, deleting objects and files, and
 * task groups. Defining and submitting tasks: foreign.c.
 */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "braid_foreign.h"
#include "internal.h"

/*
 * The objects braid_foreign_wait_on handed out in place: the Java direct buffer each pointer is
 * the memory of, held until braid_foreign_free gives it back (ForeignTasks.release).
 */
struct held_buffer {
    void *data;
    jobject buffer; /* a global reference */
    struct held_buffer *next;
};
static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static struct held_buffer *held;

braid_status braid_foreign_wait_on(long long object_id, void **data, size_t *size) {
    const char *call = "braid_foreign_wait_on";
    if (data == NULL || size == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", data == NULL ? "data" : "size");
    }
    *data = NULL;
    *size = 0;
    JNIEnv *env;
    braid_status st = braid_foreign_begin(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    /* A direct buffer: the object went from the network into it, never into the Java heap, and
     * is read in place here (no copy: a 512 MiB object cost the process one array less). Its
     * limit is the size; a 0 byte follows, so bytes that are a string can be used as one. */
    jobject buffer = (*env)->CallStaticObjectMethod(env, braid_j.foreign_tasks, braid_j.f_wait_on_buffer,
                                                    (jlong)object_id);
    st = braid_check(env, call);
    if (st == BRAID_OK && buffer == NULL) {
        /* no task ever used the object: no bytes, as before */
        char *out = malloc(1);
        if (out == NULL) {
            st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory for object %lld", object_id);
        } else {
            out[0] = '\0';
            *data = out;
        }
    } else if (st == BRAID_OK) {
        void *address = (*env)->GetDirectBufferAddress(env, buffer);
        jlong capacity = (*env)->GetDirectBufferCapacity(env, buffer);
        struct held_buffer *h = malloc(sizeof *h);
        jobject global = (*env)->NewGlobalRef(env, buffer);
        if (address == NULL || capacity < 1 || h == NULL || global == NULL) {
            st = braid_fail(BRAID_ERR_MEMORY, call, "object %lld: its buffer cannot be handed out", object_id);
            free(h);
            if (global != NULL) {
                (*env)->CallStaticVoidMethod(env, braid_j.foreign_tasks, braid_j.f_release, global);
                (*env)->ExceptionClear(env);
                (*env)->DeleteGlobalRef(env, global);
            }
        } else {
            h->data = address;
            h->buffer = global;
            pthread_mutex_lock(&held_lock);
            h->next = held;
            held = h;
            pthread_mutex_unlock(&held_lock);
            *data = address;
            *size = (size_t)(capacity - 1);
        }
    }
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

/* A static method of ForeignTasks taking one string and returning a string (NULL method result: void). */
static braid_status string_call(const char *call, jmethodID method, int returns, const char *arg, char **out) {
    if (out != NULL) {
        *out = NULL;
    }
    if (arg == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "the %s is NULL", strstr(call, "file") ? "path" : "name");
    }
    JNIEnv *env;
    braid_status st = braid_foreign_begin(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jstring jarg = braid_jstr(env, call, arg, &st);
    if (st == BRAID_OK) {
        if (returns) {
            jstring r = (jstring)(*env)->CallStaticObjectMethod(env, braid_j.foreign_tasks, method, jarg);
            st = braid_check(env, call);
            if (st == BRAID_OK) {
                st = braid_give_string(env, call, r, out);
            }
        } else {
            (*env)->CallStaticVoidMethod(env, braid_j.foreign_tasks, method, jarg);
            st = braid_check(env, call);
        }
    }
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_foreign_wait_on_file(const char *path, char **canonical) {
    return string_call("braid_foreign_wait_on_file", braid_j.f_wait_on_file, 1, path, canonical);
}

braid_status braid_foreign_delete_object(long long object_id) {
    const char *call = "braid_foreign_delete_object";
    JNIEnv *env;
    braid_status st = braid_foreign_begin(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    (*env)->CallStaticVoidMethod(env, braid_j.foreign_tasks, braid_j.f_delete_object, (jlong)object_id);
    st = braid_check(env, call);
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_foreign_delete_objects(const long long *object_ids, size_t count) {
    const char *call = "braid_foreign_delete_objects";
    if (count == 0) {
        return BRAID_OK;
    }
    if (object_ids == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "object_ids is NULL (%zu expected)", count);
    }
    JNIEnv *env;
    braid_status st = braid_foreign_begin(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jlongArray ids = braid_jlongs(env, call, object_ids, count, &st);
    if (st == BRAID_OK) {
        (*env)->CallStaticVoidMethod(env, braid_j.foreign_tasks, braid_j.f_delete_objects, ids);
        st = braid_check(env, call);
    }
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_foreign_delete_file(const char *path) {
    return string_call("braid_foreign_delete_file", braid_j.f_delete_file, 0, path, NULL);
}

braid_status braid_foreign_open_group(const char *name) {
    return string_call("braid_foreign_open_group", braid_j.f_open_group, 0, name, NULL);
}

braid_status braid_foreign_close_group(const char *name, int barrier, char **message) {
    const char *call = "braid_foreign_close_group";
    if (message != NULL) {
        *message = NULL;
    }
    if (name == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "the name is NULL");
    }
    JNIEnv *env;
    braid_status st = braid_foreign_begin(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jstring jname = braid_jstr(env, call, name, &st);
    if (st == BRAID_OK) {
        jstring r = (jstring)(*env)->CallStaticObjectMethod(env, braid_j.foreign_tasks, braid_j.f_close_group, jname,
                                                            (jboolean)(barrier != 0));
        st = braid_check(env, call);
        if (st == BRAID_OK) {
            st = braid_give_string(env, call, r, message);
        }
    }
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_foreign_barrier_group(const char *name, char **message) {
    return string_call("braid_foreign_barrier_group", braid_j.f_barrier_group, 1, name, message);
}

braid_status braid_foreign_cancel_group(const char *name) {
    return string_call("braid_foreign_cancel_group", braid_j.f_cancel_group, 0, name, NULL);
}

void braid_foreign_free(void *p) {
    if (p == NULL) {
        return;
    }
    struct held_buffer *h = NULL;
    pthread_mutex_lock(&held_lock);
    for (struct held_buffer **at = &held; *at != NULL; at = &(*at)->next) {
        if ((*at)->data == p) {
            h = *at;
            *at = h->next;
            break;
        }
    }
    pthread_mutex_unlock(&held_lock);
    if (h == NULL) {
        free(p);
        return;
    }
    JNIEnv *env;
    if (braid_jvm_ready() && braid_env("braid_foreign_free", &env) == BRAID_OK) {
        /* freed now, not at a later GC of a heap it is not part of */
        (*env)->CallStaticVoidMethod(env, braid_j.foreign_tasks, braid_j.f_release, h->buffer);
        (*env)->ExceptionClear(env);
        (*env)->DeleteGlobalRef(env, h->buffer);
    } /* else the JVM is gone, and the buffer's memory with it */
    free(h);
}
