/*
 * JNI helpers of the braid_foreign_* calls (foreign.c: defining and submitting tasks;
 * foreign_sync.c: the main program's waits, deletions and groups).
 */

#include <stdlib.h>

#include "internal.h"

/* Calls need a run on: none yet means no JVM is started for them (the message says what to do). */
braid_status braid_foreign_begin(const char *call, JNIEnv **env) {
    if (!braid_jvm_ready()) {
        return braid_fail(BRAID_ERR_STATE, call, "the runtime is not on (call braid_on first)");
    }
    return braid_enter(call, env);
}

/* A Java string of s (NULL for NULL); on failure *st is set. */
jstring braid_jstr(JNIEnv *env, const char *call, const char *s, braid_status *st) {
    if (s == NULL || *st != BRAID_OK) {
        return NULL;
    }
    jstring j = (*env)->NewStringUTF(env, s);
    if (j == NULL) {
        *st = braid_check(env, call);
    }
    return j;
}

jlongArray braid_jlongs(JNIEnv *env, const char *call, const long long *items, size_t n, braid_status *st) {
    if (*st != BRAID_OK || items == NULL) {
        return NULL;
    }
    jlongArray a = (*env)->NewLongArray(env, (jsize)n);
    if (a == NULL) {
        *st = braid_check(env, call);
        return NULL;
    }
    if (sizeof(long long) == sizeof(jlong)) {
        (*env)->SetLongArrayRegion(env, a, 0, (jsize)n, (const jlong *)items);
    } else {
        for (size_t i = 0; i < n; i++) {
            jlong v = (jlong)items[i];
            (*env)->SetLongArrayRegion(env, a, (jsize)i, 1, &v);
        }
    }
    return a;
}

/* A malloc'd copy of a Java string into *out (NULL stays NULL); BRAID_ERR_MEMORY when it cannot be made. */
braid_status braid_give_string(JNIEnv *env, const char *call, jstring s, char **out) {
    int oom = 0;
    char *copy = braid_string(env, s, &oom);
    if (oom) {
        return braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
    }
    if (out != NULL) {
        *out = copy;
    } else {
        free(copy);
    }
    return BRAID_OK;
}

/* Records the kinds of the parameters of type id (defined in Java just now); takes kinds. */
