/* The thread-local last error and the mapping from Java exceptions to statuses. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define BRAID_ERROR_MAX 4096

static _Thread_local char last_error[BRAID_ERROR_MAX];
static _Thread_local int last_reported;

int braid_last_error_reported(void) {
    return last_reported;
}

void braid_error_keep_reported(int reported) {
    last_reported = reported;
}

const char *braid_last_error(void) {
    return last_error;
}

const char *braid_status_name(braid_status status) {
    switch (status) {
    case BRAID_OK: return "BRAID_OK";
    case BRAID_ERR_ARGUMENT: return "BRAID_ERR_ARGUMENT";
    case BRAID_ERR_STATE: return "BRAID_ERR_STATE";
    case BRAID_ERR_NO_JVM: return "BRAID_ERR_NO_JVM";
    case BRAID_ERR_RUNTIME: return "BRAID_ERR_RUNTIME";
    case BRAID_ERR_STREAM: return "BRAID_ERR_STREAM";
    case BRAID_ERR_MEMORY: return "BRAID_ERR_MEMORY";
    case BRAID_ERR_UNSUPPORTED: return "BRAID_ERR_UNSUPPORTED";
    }
    return "BRAID_ERR_UNKNOWN";
}

/*
 * One line: a message with line breaks (a Java message may have some) is joined with "; ". Written
 * through a copy: "; " is longer than the break it replaces, so in place the output would overtake
 * the input.
 */
static void one_line(char *s) {
    static _Thread_local char in_copy[BRAID_ERROR_MAX];
    memcpy(in_copy, s, strlen(s) + 1);
    char *out = s;
    for (const char *in = in_copy; *in; in++) {
        if (*in == '\r') {
            continue;
        }
        if (*in == '\n') {
            if (in[1] != '\0' && out != s && (size_t)(out - s) + 3 < BRAID_ERROR_MAX) {
                *out++ = ';';
                *out++ = ' ';
            }
            continue;
        }
        if ((size_t)(out - s) + 1 >= BRAID_ERROR_MAX) {
            break;
        }
        *out++ = *in;
    }
    *out = '\0';
}

braid_status braid_fail(braid_status status, const char *call, const char *fmt, ...) {
    last_reported = 0;
    int n = snprintf(last_error, sizeof last_error, "%s: ", call);
    if (n < 0 || (size_t)n >= sizeof last_error) {
        n = 0;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error + n, sizeof last_error - (size_t)n, fmt, ap);
    va_end(ap);
    one_line(last_error);
    return status;
}

/* Whether t is a c (false while c is not looked up yet: a failure while binding the classes). */
static int is_a(JNIEnv *env, jthrowable t, jclass c) {
    return c != NULL && (*env)->IsInstanceOf(env, t, c);
}

static braid_status status_of(JNIEnv *env, jthrowable t) {
    if (is_a(env, t, braid_j.run_failed)) {
        return BRAID_ERR_RUNTIME;
    }
    if (is_a(env, t, braid_j.registration) || is_a(env, t, braid_j.backend)) {
        return BRAID_ERR_STREAM;
    }
    if (is_a(env, t, braid_j.illegal_state)) {
        return BRAID_ERR_STATE;
    }
    if (is_a(env, t, braid_j.illegal_argument) || is_a(env, t, braid_j.usage)) {
        return BRAID_ERR_ARGUMENT;
    }
    if (is_a(env, t, braid_j.out_of_memory)) {
        return BRAID_ERR_MEMORY;
    }
    return BRAID_ERR_RUNTIME;
}

braid_status braid_check(JNIEnv *env, const char *call) {
    jthrowable t = (*env)->ExceptionOccurred(env);
    if (t == NULL) {
        return BRAID_OK;
    }
    (*env)->ExceptionClear(env); /* never ExceptionDescribe: no stack trace on the program's stderr */
    braid_status status = status_of(env, t);
    jstring message = (jstring)(*env)->CallObjectMethod(env, t, braid_j.get_message);
    if ((*env)->ExceptionCheck(env) || message == NULL) {
        (*env)->ExceptionClear(env);
        message = (jstring)(*env)->CallObjectMethod(env, t, braid_j.to_string);
        if ((*env)->ExceptionCheck(env)) {
            (*env)->ExceptionClear(env);
            message = NULL;
        }
    }
    int oom = 0;
    char *text = braid_string(env, message, &oom);
    braid_fail(status, call, "%s", text ? text : "failed (no message)");
    if (is_a(env, t, braid_j.run_failed)) {
        last_reported = (*env)->CallBooleanMethod(env, t, braid_j.run_failed_reported) == JNI_TRUE;
        (*env)->ExceptionClear(env);
    }
    free(text);
    if (message) {
        (*env)->DeleteLocalRef(env, message);
    }
    (*env)->DeleteLocalRef(env, t);
    return status;
}

char *braid_string(JNIEnv *env, jstring s, int *oom) {
    if (s == NULL) {
        return NULL;
    }
    const char *utf = (*env)->GetStringUTFChars(env, s, NULL);
    if (utf == NULL) {
        (*env)->ExceptionClear(env);
        *oom = 1;
        return NULL;
    }
    char *copy = strdup(utf);
    (*env)->ReleaseStringUTFChars(env, s, utf);
    if (copy == NULL) {
        *oom = 1;
    }
    return copy;
}

jbyteArray braid_new_bytes(JNIEnv *env, const char *call, const char *what, int index, const void *data,
                           size_t size, braid_status *st) {
    if (*st != BRAID_OK) {
        return NULL;
    }
    char name[96];
    if (index >= 0) {
        snprintf(name, sizeof name, "%s[%d]", what, index);
    } else {
        snprintf(name, sizeof name, "%s", what);
    }
    if (size > (size_t)INT32_MAX - 8) {
        *st = braid_fail(BRAID_ERR_ARGUMENT, call, "%s: %zu bytes, at most 2 GiB", name, size);
        return NULL;
    }
    if (data == NULL && size > 0) {
        *st = braid_fail(BRAID_ERR_ARGUMENT, call, "%s: data is NULL (size %zu)", name, size);
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
