/*
 * braid_object_stream_* and braid_file_stream_*: handles of the Java stream library
 * (ObjectDistroStream<byte[]>, FileDistroStream) held by global references, called through
 * io.braid.launcher.embed.NativeStreams.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* What both kinds of handle hold: the Java handle, and what does not change, read once. */
struct braid_stream {
    jobject handle;
    char *id;
    char *alias;
    char *base_dir;
    braid_consumer_mode mode;
};

struct braid_object_stream {
    struct braid_stream s;
};

struct braid_file_stream {
    struct braid_stream s;
};

static void release(struct braid_stream *s) {
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

/* Fills s from the Java handle h (a local reference of the current frame). */
static braid_status adopt(JNIEnv *env, const char *call, jobject h, struct braid_stream *s) {
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

static braid_status check_mode(const char *call, braid_consumer_mode mode) {
    if ((int)mode < BRAID_AT_MOST_ONCE || (int)mode > BRAID_EXACTLY_ONCE) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "consumer mode %d: expected BRAID_AT_MOST_ONCE, "
                          "BRAID_AT_LEAST_ONCE or BRAID_EXACTLY_ONCE", (int)mode);
    }
    return BRAID_OK;
}

/* The Java handle of a C handle, or an argument error naming the call. */
#define HANDLE(call, stream)                                                        \
    if ((stream) == NULL) {                                                         \
        return braid_fail(BRAID_ERR_ARGUMENT, call, "the stream handle is NULL");  \
    }

/* ---- object streams --------------------------------------------------------------------------- */

braid_status braid_object_stream_new(const char *alias, braid_consumer_mode mode, braid_object_stream **stream) {
    const char *call = "braid_object_stream_new";
    if (stream == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "stream is NULL");
    }
    *stream = NULL;
    braid_status st = check_mode(call, mode);
    JNIEnv *env;
    if (st != BRAID_OK || (st = braid_enter(call, &env)) != BRAID_OK) {
        return st;
    }
    jstring jalias = alias ? (*env)->NewStringUTF(env, alias) : NULL;
    jobject h = NULL;
    if (!(*env)->ExceptionCheck(env)) {
        h = (*env)->CallStaticObjectMethod(env, braid_j.native_streams, braid_j.object_stream, jalias, (jint)mode);
    }
    st = braid_check(env, call);
    braid_object_stream *out = NULL;
    if (st == BRAID_OK) {
        out = calloc(1, sizeof *out);
        st = out == NULL ? braid_fail(BRAID_ERR_MEMORY, call, "out of memory") : adopt(env, call, h, &out->s);
    }
    (*env)->PopLocalFrame(env, NULL);
    if (st != BRAID_OK) {
        if (out != NULL) {
            release(&out->s);
            free(out);
        }
        return st;
    }
    *stream = out;
    return BRAID_OK;
}

static jbyteArray bytes(JNIEnv *env, const char *call, const void *data, size_t size, braid_status *st) {
    if (size > (size_t)INT32_MAX - 8) {
        *st = braid_fail(BRAID_ERR_ARGUMENT, call, "a record of %zu bytes: at most 2 GiB", size);
        return NULL;
    }
    if (data == NULL && size > 0) {
        *st = braid_fail(BRAID_ERR_ARGUMENT, call, "data is NULL (size %zu)", size);
        return NULL;
    }
    jbyteArray a = (*env)->NewByteArray(env, (jsize)size);
    if (a == NULL) {
        *st = braid_check(env, call);
        return NULL;
    }
    if (size > 0) {
        (*env)->SetByteArrayRegion(env, a, 0, (jsize)size, (const jbyte *)data);
    }
    return a;
}

braid_status braid_object_stream_publish(braid_object_stream *stream, const void *data, size_t size) {
    const char *call = "braid_object_stream_publish";
    HANDLE(call, stream);
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jbyteArray a = bytes(env, call, data, size, &st);
    if (a != NULL) {
        (*env)->CallStaticVoidMethod(env, braid_j.native_streams, braid_j.publish, stream->s.handle, a);
        st = braid_check(env, call);
    }
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_object_stream_publish_all(braid_object_stream *stream, const braid_record *records, size_t count) {
    const char *call = "braid_object_stream_publish_all";
    HANDLE(call, stream);
    if (records == NULL && count > 0) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "records is NULL (count %zu)", count);
    }
    if (count > (size_t)INT32_MAX) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%zu records in one call: at most 2^31-1", count);
    }
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jobjectArray all = (*env)->NewObjectArray(env, (jsize)count, braid_j.byte_array, NULL);
    if (all == NULL) {
        st = braid_check(env, call);
    }
    for (size_t i = 0; all != NULL && st == BRAID_OK && i < count; i++) {
        jbyteArray a = bytes(env, call, records[i].data, records[i].size, &st);
        if (a != NULL) {
            (*env)->SetObjectArrayElement(env, all, (jsize)i, a);
            (*env)->DeleteLocalRef(env, a);
        }
    }
    if (all != NULL && st == BRAID_OK) {
        (*env)->CallStaticVoidMethod(env, braid_j.native_streams, braid_j.publish_all, stream->s.handle, all);
        st = braid_check(env, call);
    }
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_object_stream_poll(braid_object_stream *stream, long timeout_ms, braid_record **records,
                                      size_t *count) {
    const char *call = "braid_object_stream_poll";
    HANDLE(call, stream);
    if (records == NULL || count == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", records == NULL ? "records" : "count");
    }
    *records = NULL;
    *count = 0;
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jobjectArray polled = (jobjectArray)(*env)->CallStaticObjectMethod(env, braid_j.native_streams, braid_j.poll,
                                                                       stream->s.handle, (jlong)timeout_ms);
    st = braid_check(env, call);
    size_t n = st == BRAID_OK ? (size_t)(*env)->GetArrayLength(env, polled) : 0;
    braid_record *out = NULL;
    if (n > 0) {
        out = calloc(n, sizeof *out);
        if (out == NULL) {
            st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory for %zu records", n);
        }
        /* The records are taken from the stream now: on failure below they are lost, as an unread poll's would be. */
        for (size_t i = 0; out != NULL && i < n; i++) {
            jbyteArray a = (jbyteArray)(*env)->GetObjectArrayElement(env, polled, (jsize)i);
            jsize len = (*env)->GetArrayLength(env, a);
            out[i].data = malloc(len > 0 ? (size_t)len : 1);
            if (out[i].data == NULL) {
                braid_records_free(out, i);
                out = NULL;
                st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory for a record of %d bytes", (int)len);
                break;
            }
            out[i].size = (size_t)len;
            (*env)->GetByteArrayRegion(env, a, 0, len, (jbyte *)out[i].data);
            (*env)->DeleteLocalRef(env, a);
        }
    }
    (*env)->PopLocalFrame(env, NULL);
    if (st == BRAID_OK) {
        *records = out;
        *count = n;
    }
    return st;
}

void braid_records_free(braid_record *records, size_t count) {
    if (records == NULL) {
        return;
    }
    for (size_t i = 0; i < count; i++) {
        free(records[i].data);
    }
    free(records);
}

/* ---- both kinds ------------------------------------------------------------------------------- */

static braid_status stream_close(const char *call, struct braid_stream *s) {
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

static braid_status stream_is_closed(const char *call, struct braid_stream *s, int *closed) {
    if (closed == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "closed is NULL");
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

static braid_status text(const char *call, const void *stream, const char *value, const char **out) {
    if (stream == NULL || out == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", stream == NULL ? "the stream handle" : "the result");
    }
    *out = value;
    return BRAID_OK;
}

static braid_status mode_of(const char *call, const void *stream, braid_consumer_mode value, braid_consumer_mode *out) {
    if (stream == NULL || out == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", stream == NULL ? "the stream handle" : "mode");
    }
    *out = value;
    return BRAID_OK;
}

braid_status braid_object_stream_close(braid_object_stream *stream) {
    HANDLE("braid_object_stream_close", stream);
    return stream_close("braid_object_stream_close", &stream->s);
}

braid_status braid_object_stream_is_closed(braid_object_stream *stream, int *closed) {
    HANDLE("braid_object_stream_is_closed", stream);
    return stream_is_closed("braid_object_stream_is_closed", &stream->s, closed);
}

braid_status braid_object_stream_id(const braid_object_stream *stream, const char **id) {
    return text("braid_object_stream_id", stream, stream ? stream->s.id : NULL, id);
}

braid_status braid_object_stream_alias(const braid_object_stream *stream, const char **alias) {
    return text("braid_object_stream_alias", stream, stream ? stream->s.alias : NULL, alias);
}

braid_status braid_object_stream_mode(const braid_object_stream *stream, braid_consumer_mode *mode) {
    return mode_of("braid_object_stream_mode", stream, stream ? stream->s.mode : BRAID_AT_MOST_ONCE, mode);
}

void braid_object_stream_free(braid_object_stream *stream) {
    if (stream != NULL) {
        release(&stream->s);
        free(stream);
    }
}

/* ---- file streams ----------------------------------------------------------------------------- */

braid_status braid_file_stream_new(const char *alias, const char *base_dir, braid_consumer_mode mode,
                                   braid_file_stream **stream) {
    const char *call = "braid_file_stream_new";
    if (stream == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "stream is NULL");
    }
    *stream = NULL;
    if (base_dir == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "base_dir is NULL (a file stream needs a base directory)");
    }
    braid_status st = check_mode(call, mode);
    JNIEnv *env;
    if (st != BRAID_OK || (st = braid_enter(call, &env)) != BRAID_OK) {
        return st;
    }
    jstring jalias = alias ? (*env)->NewStringUTF(env, alias) : NULL;
    jstring jdir = (*env)->NewStringUTF(env, base_dir);
    jobject h = NULL;
    if (!(*env)->ExceptionCheck(env)) {
        h = (*env)->CallStaticObjectMethod(env, braid_j.native_streams, braid_j.file_stream, jalias, jdir, (jint)mode);
    }
    st = braid_check(env, call);
    braid_file_stream *out = NULL;
    if (st == BRAID_OK) {
        out = calloc(1, sizeof *out);
        st = out == NULL ? braid_fail(BRAID_ERR_MEMORY, call, "out of memory") : adopt(env, call, h, &out->s);
    }
    (*env)->PopLocalFrame(env, NULL);
    if (st != BRAID_OK) {
        if (out != NULL) {
            release(&out->s);
            free(out);
        }
        return st;
    }
    *stream = out;
    return BRAID_OK;
}

braid_status braid_file_stream_publish(braid_file_stream *stream, const char *path) {
    const char *call = "braid_file_stream_publish";
    HANDLE(call, stream);
    if (path == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "path is NULL");
    }
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jstring jpath = (*env)->NewStringUTF(env, path);
    if (jpath != NULL) {
        (*env)->CallStaticVoidMethod(env, braid_j.native_streams, braid_j.publish_file, stream->s.handle, jpath);
    }
    st = braid_check(env, call);
    (*env)->PopLocalFrame(env, NULL);
    return st;
}

braid_status braid_file_stream_poll(braid_file_stream *stream, long timeout_ms, char ***paths, size_t *count) {
    const char *call = "braid_file_stream_poll";
    HANDLE(call, stream);
    if (paths == NULL || count == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s is NULL", paths == NULL ? "paths" : "count");
    }
    *paths = NULL;
    *count = 0;
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jobjectArray polled = (jobjectArray)(*env)->CallStaticObjectMethod(env, braid_j.native_streams, braid_j.poll_files,
                                                                       stream->s.handle, (jlong)timeout_ms);
    st = braid_check(env, call);
    size_t n = st == BRAID_OK ? (size_t)(*env)->GetArrayLength(env, polled) : 0;
    char **out = NULL;
    if (n > 0) {
        out = calloc(n, sizeof *out);
        int oom = out == NULL;
        for (size_t i = 0; !oom && i < n; i++) {
            jstring p = (jstring)(*env)->GetObjectArrayElement(env, polled, (jsize)i);
            out[i] = braid_string(env, p, &oom);
            (*env)->DeleteLocalRef(env, p);
        }
        if (oom) {
            braid_paths_free(out, n);
            out = NULL;
            st = braid_fail(BRAID_ERR_MEMORY, call, "out of memory for %zu paths", n);
        }
    }
    (*env)->PopLocalFrame(env, NULL);
    if (st == BRAID_OK) {
        *paths = out;
        *count = n;
    }
    return st;
}

void braid_paths_free(char **paths, size_t count) {
    if (paths == NULL) {
        return;
    }
    for (size_t i = 0; i < count; i++) {
        free(paths[i]);
    }
    free(paths);
}

braid_status braid_file_stream_close(braid_file_stream *stream) {
    HANDLE("braid_file_stream_close", stream);
    return stream_close("braid_file_stream_close", &stream->s);
}

braid_status braid_file_stream_is_closed(braid_file_stream *stream, int *closed) {
    HANDLE("braid_file_stream_is_closed", stream);
    return stream_is_closed("braid_file_stream_is_closed", &stream->s, closed);
}

braid_status braid_file_stream_id(const braid_file_stream *stream, const char **id) {
    return text("braid_file_stream_id", stream, stream ? stream->s.id : NULL, id);
}

braid_status braid_file_stream_alias(const braid_file_stream *stream, const char **alias) {
    return text("braid_file_stream_alias", stream, stream ? stream->s.alias : NULL, alias);
}

braid_status braid_file_stream_mode(const braid_file_stream *stream, braid_consumer_mode *mode) {
    return mode_of("braid_file_stream_mode", stream, stream ? stream->s.mode : BRAID_AT_MOST_ONCE, mode);
}

braid_status braid_file_stream_base_dir(const braid_file_stream *stream, const char **dir) {
    return text("braid_file_stream_base_dir", stream, stream ? stream->s.base_dir : NULL, dir);
}

void braid_file_stream_free(braid_file_stream *stream) {
    if (stream != NULL) {
        release(&stream->s);
        free(stream);
    }
}
