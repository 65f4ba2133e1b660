/* The parts of stream handles both kinds share: holding the Java handle, close, is_closed, getters. */
#include <stdlib.h>

#include "stream_handle.h"

void braid_stream_release(struct braid_stream *s) {
    if (s->handle != NULL && braid_jvm_ready()) {
        JNIEnv *env;
        if (braid_env("braid_stream_free", &env) == BRAID_OK) {
            (*env)->DeleteGlobalRef(env, s->handle);
        }
    }
    free(s->id);
    free(s->alias);
    free(s->base_dir);
}

braid_status braid_stream_adopt(JNIEnv *env, const char *call, jobject h, struct braid_stream *s) {
    jobjectArray d = (jobjectArray)(*env)->CallStaticObjectMethod(env, braid_j.native_streams, braid_j.describe, h);
    braid_status st = braid_check(env, call);
    if (st != BRAID_OK) {
        return st;
    }
    int oom = 0;
    jstring mode = (jstring)(*env)->GetObjectArrayElement(env, d, 2);
    char *mode_text = braid_string(env, mode, &oom);
    s->mode = mode_text ? (braid_consumer_mode)atoi(mode_text) : BRAID_AT_MOST_ONCE;
    free(mode_text);
    s->id = braid_string(env, (jstring)(*env)->GetObjectArrayElement(env, d, 0), &oom);
    s->alias = braid_string(env, (jstring)(*env)->GetObjectArrayElement(env, d, 1), &oom);
    s->base_dir = braid_string(env, (jstring)(*env)->GetObjectArrayElement(env, d, 3), &oom);
    s->handle = (*env)->NewGlobalRef(env, h);
    if (oom || s->handle == NULL || s->id == NULL) {
        (*env)->ExceptionClear(env);
        return braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
    }
    return BRAID_OK;
}

braid_status braid_stream_check_mode(const char *call, braid_consumer_mode mode) {
    if ((int)mode < BRAID_AT_MOST_ONCE || (int)mode > BRAID_EXACTLY_ONCE) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "consumer mode %d: expected BRAID_AT_MOST_ONCE, "
                          "BRAID_AT_LEAST_ONCE or BRAID_EXACTLY_ONCE", (int)mode);
    }
    return BRAID_OK;
}

braid_status braid_stream_close(const char *call, struct braid_stream *s) {
    if (s->remote) {
        return braid_remote_close(call, s);
    }
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    (*env)->CallVoidMethod(env, s->handle, braid_j.close);
    st = braid_check(env, call);
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_stream_is_closed(const char *call, struct braid_stream *s, int *closed) {
    if (closed == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "closed is NULL");
    }
    if (s->remote) {
        return braid_remote_is_closed(call, s, closed);
    }
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jboolean b = (*env)->CallBooleanMethod(env, s->handle, braid_j.is_closed);
    st = braid_check(env, call);
    (*env)->PopLocalFrame(env, NULL);
    if (st == BRAID_OK) {
        *closed = b ? 1 : 0;
    }
    return st;
}

braid_status braid_stream_text(const char *call, const void *stream, const char *value, const char **out) {
    if (stream == NULL || out == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", stream == NULL ? "the stream handle" : "the result");
    }
    *out = value;
    return BRAID_OK;
}

braid_status braid_stream_mode_of(const char *call, const void *stream, braid_consumer_mode value, braid_consumer_mode *out) {
    if (stream == NULL || out == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", stream == NULL ? "the stream handle" : "mode");
    }
    *out = value;
    return BRAID_OK;
}
