/* braid_on / braid_barrier / braid_off: io.braid.launcher.embed.EmbeddedRun through JNI. */
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static pthread_mutex_t log_dir_lock = PTHREAD_MUTEX_INITIALIZER;
static char *log_dir; /* the current run's, or NULL */
static atomic_int generation; /* runs started so far (braid_run_generation) */

int braid_run_generation(void) {
    return atomic_load(&generation);
}

int braid_run_is_on(void) {
    pthread_mutex_lock(&log_dir_lock);
    int on = log_dir != NULL;
    pthread_mutex_unlock(&log_dir_lock);
    return on;
}

static braid_status on(const char *call, const char *options, const char *app_name) {
    JNIEnv *env;
    braid_status s = braid_enter(call, &env);
    if (s != BRAID_OK) {
        return s;
    }
    jstring joptions = (*env)->NewStringUTF(env, options ? options : "");
    jstring japp = app_name ? (*env)->NewStringUTF(env, app_name) : NULL;
    jstring dir = NULL;
    if (!(*env)->ExceptionCheck(env)) {
        dir = (jstring)(*env)->CallStaticObjectMethod(env, braid_j.embedded_run, braid_j.run_start, joptions, japp);
    }
    s = braid_check(env, call);
    if (s == BRAID_OK) {
        int oom = 0;
        char *copy = braid_string(env, dir, &oom);
        pthread_mutex_lock(&log_dir_lock);
        free(log_dir);
        log_dir = copy;
        pthread_mutex_unlock(&log_dir_lock);
        atomic_fetch_add(&generation, 1);
    }
    (*env)->PopLocalFrame(env, NULL);
    return s;
}

/*
 * A program braid-run started (BRAID_RUN_PARENT: its pid) ends with it, even when braid-run is
 * killed outright: Linux sends SIGTERM (the JVM's shutdown hooks then stop the run) when the
 * parent dies. Set here, not at exec: a C program has no start-up code of ours before braid_on.
 */
static void end_with_braid_run(void) {
    const char *parent = getenv("BRAID_RUN_PARENT");
    if (parent == NULL || *parent == '\0') {
        return;
    }
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if ((long)getppid() != atol(parent)) { /* it died before the request */
        kill(getpid(), SIGTERM);
    }
}

braid_status braid_on(void) {
    end_with_braid_run();
    return on("braid_on", getenv("BRAID_RUN_OPTIONS"), NULL);
}

braid_status braid_on_options(const char *options, const char *app_name) {
    return on("braid_on_options", options, app_name);
}

/* method: a field of braid_j, read once the JVM is there. No JVM yet: nothing can be on, and none is started for this. */
static braid_status call_void(const char *call, const jmethodID *method) {
    if (!braid_jvm_ready()) {
        return braid_fail(BRAID_ERR_STATE, call, "the runtime is not on (call braid_on first)");
    }
    JNIEnv *env;
    braid_status s = braid_enter(call, &env);
    if (s != BRAID_OK) {
        return s;
    }
    (*env)->CallStaticVoidMethod(env, braid_j.embedded_run, *method);
    s = braid_check(env, call);
    (*env)->PopLocalFrame(env, NULL);
    return s;
}

braid_status braid_barrier(void) {
    return call_void("braid_barrier", &braid_j.run_barrier);
}

braid_status braid_off(void) {
    braid_status s = call_void("braid_off", &braid_j.run_stop);
    if (s != BRAID_ERR_STATE && s != BRAID_ERR_NO_JVM) { /* the run is over, even when it failed */
        pthread_mutex_lock(&log_dir_lock);
        free(log_dir);
        log_dir = NULL;
        pthread_mutex_unlock(&log_dir_lock);
    }
    return s;
}

braid_status braid_log_dir(const char **dir) {
    if (dir == NULL) {
        return braid_fail(BRAID_ERR_ARGUMENT, "braid_log_dir", "dir is NULL");
    }
    pthread_mutex_lock(&log_dir_lock);
    *dir = log_dir;
    pthread_mutex_unlock(&log_dir_lock);
    if (*dir == NULL) {
        return braid_fail(BRAID_ERR_STATE, "braid_log_dir", "the runtime is not on (call braid_on first)");
    }
    return BRAID_OK;
}
