/* libbraid's internals: the JVM (jvm.c), errors (error.c). Not installed. */
#ifndef BRAID_INTERNAL_H
#define BRAID_INTERNAL_H

#include <jni.h>
#include "braid.h"

/* Classes and methods of braid.jar that libbraid calls, looked up once when the JVM is there. */
struct braid_java {
    jclass embedded_run;   /* io.braid.launcher.embed.EmbeddedRun */
    jmethodID run_start, run_barrier, run_stop;
    jclass native_streams; /* io.braid.launcher.embed.NativeStreams */
    jmethodID object_stream, file_stream, publish, publish_all, poll, publish_file, poll_files, describe;
    jclass distro_stream;  /* io.braid.streams.DistroStream */
    jmethodID close, is_closed;
    jclass throwable;
    jmethodID get_message, to_string;
    jclass illegal_state, illegal_argument, usage, registration, backend, out_of_memory;
    jclass byte_array;
    jclass string;         /* java.lang.String */
    jclass run_failed;     /* io.braid.launcher.embed.RunFailedException */
    jmethodID run_failed_reported;
    jclass foreign_tasks;  /* io.braid.launcher.embed.ForeignTasks (foreign.c) */
    jmethodID f_define, f_define_program, f_submit, f_wait_on_file, f_delete_object, f_delete_objects;
    jmethodID f_delete_file, f_wait_on_buffer, f_release;
    jmethodID f_open_group, f_close_group, f_barrier_group, f_cancel_group;
};

extern struct braid_java braid_j;

/*
 * The JNI environment of the calling thread: creates the JVM on first use (or uses the one
 * already in the process) and attaches the thread (as a daemon, detached when it ends).
 * On failure sets the last error (prefixed with call) and returns its status.
 */
braid_status braid_env(const char *call, JNIEnv **env);

/* braid_env, then a local frame for the call (pop it with PopLocalFrame before returning). */
braid_status braid_enter(const char *call, JNIEnv **env);

/* True once the JVM is there (braid_env succeeded once in this process). */
int braid_jvm_ready(void);

/* Sets this thread's last error to "call: message" (printf-style) and returns status. */
braid_status braid_fail(braid_status status, const char *call, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * If a Java exception is pending: clears it, sets the last error to "call: <its message>" with
 * the status its class means, and returns that status; else BRAID_OK.
 */
braid_status braid_check(JNIEnv *env, const char *call);

/*
 * How many runs braid_on started in this process: what a run's task types and object ids (tasks.c)
 * belong to, since ForeignTasks' ids start again in every run.
 */
int braid_run_generation(void);

/* True between a successful braid_on and its braid_off. */
int braid_run_is_on(void);

/*
 * braid_last_error_reported (braid.h) is set by braid_check for a failed run, cleared by
 * braid_fail; this restores it after a braid_fail that only renames the call of a message.
 */
void braid_error_keep_reported(int reported);

/*
 * A new Java byte[] holding size bytes of data; NULL with *st set if *st was not BRAID_OK already,
 * if size is over 2 GiB or data is NULL with size > 0 (an argument error naming what, and index
 * when it is not negative: "what[index]"), or if the JVM could not allocate it.
 */
jbyteArray braid_new_bytes(JNIEnv *env, const char *call, const char *what, int index, const void *data,
                           size_t size, braid_status *st);

/* A malloc'd UTF-8 copy of a Java string (NULL for null, or out of memory: *oom set). */
char *braid_string(JNIEnv *env, jstring s, int *oom);

/* The braid_foreign_* calls' JNI helpers (foreign_jni.c). */
/* Calls need a run on: none yet means no JVM is started for them (the message says what to do). */
braid_status braid_foreign_begin(const char *call, JNIEnv **env);
/* A Java string of s (NULL for NULL, or when *st is already an error); on failure *st is set. */
jstring braid_jstr(JNIEnv *env, const char *call, const char *s, braid_status *st);
/* A Java long[] of n items (NULL for NULL items, or when *st is already an error); on failure *st is set. */
jlongArray braid_jlongs(JNIEnv *env, const char *call, const long long *items, size_t n, braid_status *st);
/* A malloc'd copy of a Java string into *out (NULL stays NULL); BRAID_ERR_MEMORY when it cannot be made. */
braid_status braid_give_string(JNIEnv *env, const char *call, jstring s, char **out);

#endif
