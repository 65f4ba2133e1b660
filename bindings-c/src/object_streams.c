/*
 * braid_object_stream_*: ObjectDistroStream<byte[]> handles of the Java stream library, called
 * through io.braid.launcher.embed.NativeStreams. Records cross JNI as byte arrays.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stream_handle.h"

/* ---- object streams --------------------------------------------------------------------------- */

braid_status braid_object_stream_new(const char *alias, braid_consumer_mode mode, braid_object_stream **stream) {
    const char *call = "braid_object_stream_new";
    if (stream == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "stream is NULL");
    }
    *stream = NULL;
    if (braid_in_c_task_process()) {
        return braid_fail(BRAID_ERR_STREAM, call, "a C task gets its streams as parameters (in/out ObjectStream in "
                          "the IDL); it cannot create or attach to others");
    }
    braid_status st = braid_stream_check_mode(call, mode);
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

braid_status braid_object_stream_publish(braid_object_stream *stream, const void *data, size_t size) {
    const char *call = "braid_object_stream_publish";
    HANDLE(call, stream);
    if (stream->s.remote) {
        braid_record one = {(void *)data, size};
        return braid_remote_publish(call, &stream->s, &one, 1);
    }
    JNIEnv *env;
    braid_status st = braid_enter(call, &env);
    if (st != BRAID_OK) {
        return st;
    }
    jbyteArray a = braid_new_bytes(env, call, "record", -1, data, size, &st);
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
    if (stream->s.remote) {
        return braid_remote_publish(call, &stream->s, records, count);
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
        jbyteArray a = braid_new_bytes(env, call, "records", (int)i, records[i].data, records[i].size, &st);
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
    if (stream->s.remote) {
        return braid_remote_poll(call, &stream->s, timeout_ms, records, count);
    }
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

braid_status braid_object_stream_close(braid_object_stream *stream) {
    HANDLE("braid_object_stream_close", stream);
    return braid_stream_close("braid_object_stream_close", &stream->s);
}

braid_status braid_object_stream_is_closed(braid_object_stream *stream, int *closed) {
    HANDLE("braid_object_stream_is_closed", stream);
    return braid_stream_is_closed("braid_object_stream_is_closed", &stream->s, closed);
}

braid_status braid_object_stream_id(const braid_object_stream *stream, const char **id) {
    return braid_stream_text("braid_object_stream_id", stream, stream ? stream->s.id : NULL, id);
}

braid_status braid_object_stream_alias(const braid_object_stream *stream, const char **alias) {
    return braid_stream_text("braid_object_stream_alias", stream, stream ? stream->s.alias : NULL, alias);
}

braid_status braid_object_stream_mode(const braid_object_stream *stream, braid_consumer_mode *mode) {
    return braid_stream_mode_of("braid_object_stream_mode", stream, stream ? stream->s.mode : BRAID_AT_MOST_ONCE, mode);
}

void braid_object_stream_free(braid_object_stream *stream) {
    if (stream != NULL) {
        braid_stream_release(&stream->s);
        free(stream);
    }
}
