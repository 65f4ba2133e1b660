/* braid_file_stream_*: FileDistroStream handles of the Java stream library (paths cross JNI as strings). */
#include <stdlib.h>
#include <string.h>

#include "stream_handle.h"

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
    if (braid_in_c_task_process()) {
        return braid_fail(BRAID_ERR_STREAM, call, "a C task gets its streams as parameters (in/out FileStream in "
                          "the IDL); it cannot create or attach to others");
    }
    braid_status st = braid_stream_check_mode(call, mode);
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
        st = out == NULL ? braid_fail(BRAID_ERR_MEMORY, call, "out of memory") : braid_stream_adopt(env, call, h, &out->s);
    }
    (*env)->PopLocalFrame(env, NULL);
    if (st != BRAID_OK) {
        if (out != NULL) {
            braid_stream_release(&out->s);
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
    if (stream->s.remote) {
        braid_record one = {(void *)path, strlen(path)};
        return braid_remote_publish(call, &stream->s, &one, 1);
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
    if (stream->s.remote) {
        braid_record *records;
        size_t n;
        braid_status rs = braid_remote_poll(call, &stream->s, timeout_ms, &records, &n);
        if (rs != BRAID_OK) {
            return rs;
        }
        char **out = n ? calloc(n, sizeof *out) : NULL;
        if (n && out == NULL) {
            braid_records_free(records, n);
            return braid_fail(BRAID_ERR_MEMORY, call, "out of memory for %zu paths", n);
        }
        for (size_t i = 0; i < n; i++) {
            out[i] = records[i].data; /* NUL-terminated by braid_remote_poll */
        }
        free(records);
        *paths = out;
        *count = n;
        return BRAID_OK;
    }
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
    return braid_stream_close("braid_file_stream_close", &stream->s);
}

braid_status braid_file_stream_is_closed(braid_file_stream *stream, int *closed) {
    HANDLE("braid_file_stream_is_closed", stream);
    return braid_stream_is_closed("braid_file_stream_is_closed", &stream->s, closed);
}

braid_status braid_file_stream_id(const braid_file_stream *stream, const char **id) {
    return braid_stream_text("braid_file_stream_id", stream, stream ? stream->s.id : NULL, id);
}

braid_status braid_file_stream_alias(const braid_file_stream *stream, const char **alias) {
    return braid_stream_text("braid_file_stream_alias", stream, stream ? stream->s.alias : NULL, alias);
}

braid_status braid_file_stream_mode(const braid_file_stream *stream, braid_consumer_mode *mode) {
    return braid_stream_mode_of("braid_file_stream_mode", stream, stream ? stream->s.mode : BRAID_AT_MOST_ONCE, mode);
}

braid_status braid_file_stream_base_dir(const braid_file_stream *stream, const char **dir) {
    return braid_stream_text("braid_file_stream_base_dir", stream, stream ? stream->s.base_dir : NULL, dir);
}

void braid_file_stream_free(braid_file_stream *stream) {
    if (stream != NULL) {
        braid_stream_release(&stream->s);
        free(stream);
    }
}
