/*
 * Finding, starting or joining the JVM, and attaching the calling thread to it.
 *
 * libjvm.so is found at run time (JAVA_HOME, else the java on PATH) and dlopen'ed, so neither
 * libbraid nor the program links against a JDK. braid.jar is found through BRAID_JAR, BRAID_HOME,
 * the install layout beside libbraid.so, or this build's repository. A JVM already in the process
 * (libbraid loaded into a Java program, e.g. a worker running a C task) is used as it is.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

struct braid_java braid_j;

typedef jint (*create_vm_fn)(JavaVM **, void **, void *);
typedef jint (*created_vms_fn)(JavaVM **, jsize, jsize *);

static pthread_mutex_t vm_lock = PTHREAD_MUTEX_INITIALIZER;
static JavaVM *vm;
/* Set once the JVM is there and braid_j is filled: the fast path of braid_env reads only this. */
static atomic_int ready;
/* Set when JNI_CreateJavaVM failed: a process cannot try again, so every later call gets this. */
static char vm_failure[PATH_MAX + 256];
static pthread_key_t attached_key;
static pthread_once_t attached_once = PTHREAD_ONCE_INIT;

static int is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A thread libbraid attached leaves the JVM when it ends (its key's value is then non-NULL). */
static void detach_thread(void *unused) {
    (void)unused;
    if (vm != NULL) {
        (*vm)->DetachCurrentThread(vm);
    }
}

static void make_key(void) {
    pthread_key_create(&attached_key, detach_thread);
}

/* libjvm.so of JAVA_HOME, or of the java on PATH (symbolic links resolved). */
static braid_status find_libjvm(const char *call, char *out, size_t size) {
    const char *home = getenv("JAVA_HOME");
    if (home != NULL && *home != '\0') {
        snprintf(out, size, "%s/lib/server/libjvm.so", home);
        if (!is_file(out)) {
            return braid_fail(BRAID_ERR_NO_JVM, call, "JAVA_HOME=%s has no lib/server/libjvm.so: set JAVA_HOME to a "
                              "JDK or JRE 17 or later", home);
        }
        return BRAID_OK;
    }
    const char *path = getenv("PATH");
    if (path != NULL) {
        const char *p = path;
        while (*p) {
            const char *end = strchr(p, ':');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            char candidate[PATH_MAX];
            char real[PATH_MAX];
            if (len > 0 && len + 6 < sizeof candidate) {
                snprintf(candidate, sizeof candidate, "%.*s/java", (int)len, p);
                if (access(candidate, X_OK) == 0 && realpath(candidate, real) != NULL) {
                    char *slash = strrchr(real, '/'); /* .../bin/java -> .../bin */
                    if (slash) {
                        *slash = '\0';
                        slash = strrchr(real, '/'); /* .../bin -> the Java home */
                        if (slash) {
                            *slash = '\0';
                            snprintf(out, size, "%s/lib/server/libjvm.so", real);
                            if (is_file(out)) {
                                return BRAID_OK;
                            }
                        }
                    }
                }
            }
            p += len;
            if (*p == ':') {
                p++;
            }
        }
    }
    return braid_fail(BRAID_ERR_NO_JVM, call, "no Java found: set JAVA_HOME to a JDK or JRE 17 or later, or put its "
                      "java on PATH");
}

/* braid.jar: BRAID_JAR, BRAID_HOME, <libdir>/BRAID_LIB_TO_JAR (installed), this build's repository. */
static braid_status find_jar(const char *call, char *out, size_t size) {
    const char *jar = getenv("BRAID_JAR");
    if (jar != NULL && *jar != '\0') {
        if (!is_file(jar)) {
            return braid_fail(BRAID_ERR_NO_JVM, call, "BRAID_JAR=%s: no such file", jar);
        }
        snprintf(out, size, "%s", jar);
        return BRAID_OK;
    }
    const char *home = getenv("BRAID_HOME");
    if (home != NULL && *home != '\0') {
        const char *under[] = {"braid.jar", "share/braid/braid.jar", "runtime/dist/target/braid.jar"};
        for (size_t i = 0; i < sizeof under / sizeof under[0]; i++) {
            snprintf(out, size, "%s/%s", home, under[i]);
            if (is_file(out)) {
                return BRAID_OK;
            }
        }
        return braid_fail(BRAID_ERR_NO_JVM, call, "BRAID_HOME=%s has no braid.jar (looked for braid.jar, "
                          "share/braid/braid.jar, runtime/dist/target/braid.jar under it)", home);
    }
    char installed[PATH_MAX + 64] = "";
    Dl_info info;
    if (dladdr((void *)&braid_env, &info) != 0 && info.dli_fname != NULL) {
        char lib[PATH_MAX];
        if (realpath(info.dli_fname, lib) != NULL) {
            char *slash = strrchr(lib, '/');
            if (slash) {
                *slash = '\0';
                snprintf(installed, sizeof installed, "%s/%s", lib, BRAID_LIB_TO_JAR);
                if (is_file(installed)) {
                    snprintf(out, size, "%s", installed);
                    return BRAID_OK;
                }
            }
        }
    }
#ifdef BRAID_BUILD_JAR
    if (is_file(BRAID_BUILD_JAR)) {
        snprintf(out, size, "%s", BRAID_BUILD_JAR);
        return BRAID_OK;
    }
#endif
    return braid_fail(BRAID_ERR_NO_JVM, call, "braid.jar not found (not at %s%s%s): set BRAID_HOME or BRAID_JAR",
                      installed[0] ? installed : "the install layout",
#ifdef BRAID_BUILD_JAR
                      " nor ", BRAID_BUILD_JAR
#else
                      "", ""
#endif
    );
}

/* One JVM option, kept for JNI_CreateJavaVM (which copies nothing until it returns). */
static void add_option(JavaVMOption *options, int *n, int max, char *text) {
    if (text != NULL && *n < max) {
        options[(*n)++].optionString = text;
    }
}

static char *format(const char *fmt, const char *value) {
    size_t size = strlen(fmt) + strlen(value) + 1;
    char *out = malloc(size);
    if (out != NULL) {
        snprintf(out, size, fmt, value);
    }
    return out;
}

/*
 * The master's JVM options, as scripts/braid-run gives them (braid-env.sh): the class-data archive
 * braid.jsa beside braid.jar when it is newer than the jar (BRAID_CDS=off: not), the JIT choice of
 * BRAID_MASTER_JIT (auto: C1 only on a host of 1-2 cores, docs/PERFORMANCE.md), then
 * BRAID_MASTER_JVM_OPTS split on blanks. Strings to free are added to owned.
 */
static int jvm_options(const char *call, JavaVMOption *options, int max, const char *jar, char **owned, int *n_owned,
                       braid_status *bad) {
    int n = 0;
    owned[(*n_owned)++] = format("-Djava.class.path=%s", jar);
    add_option(options, &n, max, owned[*n_owned - 1]);
    /* Until braid_on points the runtime's log at its log dir: warnings only, on stderr. */
    add_option(options, &n, max, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    const char *cds = getenv("BRAID_CDS");
    size_t len = strlen(jar);
    if ((cds == NULL || strcmp(cds, "off") != 0) && len > 4 && strcmp(jar + len - 4, ".jar") == 0) {
        char jsa[PATH_MAX];
        snprintf(jsa, sizeof jsa, "%.*s.jsa", (int)(len - 4), jar);
        struct stat js, jj;
        if (stat(jsa, &js) == 0 && stat(jar, &jj) == 0 && js.st_mtime >= jj.st_mtime) {
            owned[(*n_owned)++] = format("-XX:SharedArchiveFile=%s", jsa);
            add_option(options, &n, max, owned[*n_owned - 1]);
            owned[(*n_owned)++] = format("-Dbraid.cds.archive=%s", jsa); /* the workers map it too */
            add_option(options, &n, max, owned[*n_owned - 1]);
            add_option(options, &n, max, "-Xshare:auto");
            add_option(options, &n, max, "-Xlog:cds=off");
            add_option(options, &n, max, "-Xlog:cds+dynamic=off");
        }
    }
    const char *jit = getenv("BRAID_MASTER_JIT");
    if (jit == NULL || *jit == '\0' || strcmp(jit, "auto") == 0) {
        if (sysconf(_SC_NPROCESSORS_ONLN) <= 2) {
            add_option(options, &n, max, "-XX:TieredStopAtLevel=1");
        }
    } else if (strcmp(jit, "c1") == 0) {
        add_option(options, &n, max, "-XX:TieredStopAtLevel=1");
    } else if (strcmp(jit, "c2") != 0) {
        *bad = braid_fail(BRAID_ERR_ARGUMENT, call, "BRAID_MASTER_JIT=%s: expected auto, c1 or c2", jit);
        return n;
    }
    const char *extra = getenv("BRAID_MASTER_JVM_OPTS");
    if (extra != NULL && *extra != '\0') {
        char *copy = strdup(extra);
        owned[(*n_owned)++] = copy;
        char *save = NULL;
        for (char *w = copy ? strtok_r(copy, " \t\n", &save) : NULL; w != NULL; w = strtok_r(NULL, " \t\n", &save)) {
            add_option(options, &n, max, w);
        }
    }
    return n;
}

/*
 * A global reference to class name ("java/lang/String" form). Braid's classes are loaded by the
 * system class loader: FindClass would use the loader of the Java method that called into C,
 * which for a call through JNA or the foreign-function API is not the one that has braid.jar.
 */
static jclass global_class(JNIEnv *env, const char *name) {
    jclass local = NULL;
    if (strncmp(name, "io/braid/", 9) != 0) {
        local = (*env)->FindClass(env, name);
    } else {
        jclass loader_class = (*env)->FindClass(env, "java/lang/ClassLoader");
        if (loader_class == NULL) {
            return NULL;
        }
        jmethodID system = (*env)->GetStaticMethodID(env, loader_class, "getSystemClassLoader", "()Ljava/lang/ClassLoader;");
        jmethodID load = (*env)->GetMethodID(env, loader_class, "loadClass", "(Ljava/lang/String;)Ljava/lang/Class;");
        jobject loader = system && load ? (*env)->CallStaticObjectMethod(env, loader_class, system) : NULL;
        char dotted[128];
        snprintf(dotted, sizeof dotted, "%s", name);
        for (char *c = dotted; *c; c++) {
            *c = *c == '/' ? '.' : *c;
        }
        jstring jname = loader ? (*env)->NewStringUTF(env, dotted) : NULL;
        if (jname != NULL) {
            local = (jclass)(*env)->CallObjectMethod(env, loader, load, jname);
        }
        (*env)->DeleteLocalRef(env, loader_class);
    }
    if (local == NULL || (*env)->ExceptionCheck(env)) {
        return NULL;
    }
    jclass global = (jclass)(*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    return global;
}

#define CLASS(field, name) if ((braid_j.field = global_class(env, name)) == NULL) goto missing
#define STATIC(field, cls, name, sig) \
    if ((braid_j.field = (*env)->GetStaticMethodID(env, braid_j.cls, name, sig)) == NULL) goto missing
#define METHOD(field, cls, name, sig) \
    if ((braid_j.field = (*env)->GetMethodID(env, braid_j.cls, name, sig)) == NULL) goto missing

/* Looks up what libbraid calls; a braid.jar without the bridge classes is named. */
static braid_status bind_classes(const char *call, JNIEnv *env, const char *jar) {
    CLASS(throwable, "java/lang/Throwable");
    METHOD(get_message, throwable, "getMessage", "()Ljava/lang/String;");
    METHOD(to_string, throwable, "toString", "()Ljava/lang/String;");
    CLASS(illegal_state, "java/lang/IllegalStateException");
    CLASS(illegal_argument, "java/lang/IllegalArgumentException");
    CLASS(out_of_memory, "java/lang/OutOfMemoryError");
    CLASS(byte_array, "[B");
    CLASS(usage, "io/braid/launcher/options/UsageException");
    CLASS(registration, "io/braid/streams/RegistrationException");
    CLASS(backend, "io/braid/streams/BackendException");
    CLASS(embedded_run, "io/braid/launcher/embed/EmbeddedRun");
    STATIC(run_start, embedded_run, "start", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
    STATIC(run_barrier, embedded_run, "barrier", "()V");
    STATIC(run_stop, embedded_run, "stop", "()V");
    CLASS(native_streams, "io/braid/launcher/embed/NativeStreams");
    STATIC(object_stream, native_streams, "objectStream", "(Ljava/lang/String;I)Lio/braid/streams/ObjectDistroStream;");
    STATIC(file_stream, native_streams, "fileStream",
           "(Ljava/lang/String;Ljava/lang/String;I)Lio/braid/streams/FileDistroStream;");
    STATIC(publish, native_streams, "publish", "(Lio/braid/streams/ObjectDistroStream;[B)V");
    STATIC(publish_all, native_streams, "publishAll", "(Lio/braid/streams/ObjectDistroStream;[[B)V");
    STATIC(poll, native_streams, "poll", "(Lio/braid/streams/ObjectDistroStream;J)[[B");
    STATIC(publish_file, native_streams, "publishFile", "(Lio/braid/streams/FileDistroStream;Ljava/lang/String;)V");
    STATIC(poll_files, native_streams, "pollFiles", "(Lio/braid/streams/FileDistroStream;J)[Ljava/lang/String;");
    STATIC(describe, native_streams, "describe", "(Lio/braid/streams/DistroStream;)[Ljava/lang/String;");
    CLASS(distro_stream, "io/braid/streams/DistroStream");
    METHOD(close, distro_stream, "close", "()V");
    METHOD(is_closed, distro_stream, "isClosed", "()Z");
    CLASS(string, "java/lang/String");
    CLASS(run_failed, "io/braid/launcher/embed/RunFailedException");
    METHOD(run_failed_reported, run_failed, "reported", "()Z");
    CLASS(foreign_tasks, "io/braid/launcher/embed/ForeignTasks");
    STATIC(f_define, foreign_tasks, "define", "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;"
           "[Ljava/lang/String;I[Ljava/lang/String;ZZLjava/lang/String;J)I");
    STATIC(f_define_program, foreign_tasks, "defineProgram", "(Ljava/lang/String;Ljava/lang/String;[Ljava/lang/String;"
           "[Ljava/lang/String;[Ljava/lang/String;[Ljava/lang/String;I[Ljava/lang/String;ZZLjava/lang/String;J)I");
    STATIC(f_submit, foreign_tasks, "submit", "(I[J[[B[Ljava/lang/String;[J[[J[[[B)J");
    STATIC(f_wait_on_buffer, foreign_tasks, "waitOnBuffer", "(J)Ljava/nio/ByteBuffer;");
    STATIC(f_release, foreign_tasks, "release", "(Ljava/nio/ByteBuffer;)V");
    STATIC(f_wait_on_file, foreign_tasks, "waitOnFile", "(Ljava/lang/String;)Ljava/lang/String;");
    STATIC(f_delete_object, foreign_tasks, "deleteObject", "(J)V");
    STATIC(f_delete_objects, foreign_tasks, "deleteObjects", "([J)V");
    STATIC(f_delete_file, foreign_tasks, "deleteFile", "(Ljava/lang/String;)V");
    STATIC(f_open_group, foreign_tasks, "openGroup", "(Ljava/lang/String;)V");
    STATIC(f_close_group, foreign_tasks, "closeGroup", "(Ljava/lang/String;Z)Ljava/lang/String;");
    STATIC(f_barrier_group, foreign_tasks, "barrierGroup", "(Ljava/lang/String;)Ljava/lang/String;");
    STATIC(f_cancel_group, foreign_tasks, "cancelGroup", "(Ljava/lang/String;)V");
    return BRAID_OK;
missing:;
    int ready = braid_j.get_message != NULL && braid_j.to_string != NULL;
    braid_status s = ready ? braid_check(env, call) : BRAID_ERR_NO_JVM;
    (*env)->ExceptionClear(env);
    char why[1024];
    snprintf(why, sizeof why, "%s", ready ? braid_last_error() : "java.lang.Throwable not found");
    (void)s;
    return braid_fail(BRAID_ERR_NO_JVM, call, "%s is not a usable braid.jar for this libbraid (%s)",
                      jar ? jar : "the JVM's class path", why);
}

/*
 * The calling thread's environment: a thread the JVM already knows (a Java thread calling C, or
 * one attached before) as it is; any other is attached as a daemon and detached when it ends.
 */
static braid_status attach(const char *call, JNIEnv **env) {
    jint r = (*vm)->GetEnv(vm, (void **)env, JNI_VERSION_10);
    if (r == JNI_OK) {
        return BRAID_OK;
    }
    if (r == JNI_EDETACHED && (*vm)->AttachCurrentThreadAsDaemon(vm, (void **)env, NULL) == JNI_OK) {
        pthread_setspecific(attached_key, (void *)1);
        return BRAID_OK;
    }
    return braid_fail(BRAID_ERR_NO_JVM, call, "cannot attach this thread to the JVM (GetEnv returned %d)", (int)r);
}

static braid_status create_vm(const char *call, JNIEnv **env) {
    if (vm_failure[0] != '\0') {
        return braid_fail(BRAID_ERR_NO_JVM, call, "%s", vm_failure);
    }
    /* A JVM already in this process (libbraid loaded by a Java program): use it. */
    created_vms_fn created = (created_vms_fn)dlsym(RTLD_DEFAULT, "JNI_GetCreatedJavaVMs");
    if (created != NULL) {
        JavaVM *existing = NULL;
        jsize n = 0;
        if (created(&existing, 1, &n) == JNI_OK && n > 0) {
            vm = existing;
            braid_status s = attach(call, env);
            return s != BRAID_OK ? s : bind_classes(call, *env, NULL);
        }
    }
    char libjvm[PATH_MAX];
    char jar[PATH_MAX];
    braid_status s = find_libjvm(call, libjvm, sizeof libjvm);
    if (s != BRAID_OK) {
        return s;
    }
    s = find_jar(call, jar, sizeof jar);
    if (s != BRAID_OK) {
        return s;
    }
    void *lib = dlopen(libjvm, RTLD_NOW | RTLD_GLOBAL);
    if (lib == NULL) {
        return braid_fail(BRAID_ERR_NO_JVM, call, "cannot load %s: %s", libjvm, dlerror());
    }
    create_vm_fn create = (create_vm_fn)dlsym(lib, "JNI_CreateJavaVM");
    if (create == NULL) {
        return braid_fail(BRAID_ERR_NO_JVM, call, "%s has no JNI_CreateJavaVM", libjvm);
    }
    JavaVMOption options[64];
    char *owned[8];
    int n_owned = 0;
    braid_status bad = BRAID_OK;
    int n = jvm_options(call, options, 64, jar, owned, &n_owned, &bad);
    if (bad != BRAID_OK) {
        while (n_owned > 0) {
            free(owned[--n_owned]);
        }
        return bad;
    }
    JavaVMInitArgs args;
    args.version = JNI_VERSION_10;
    args.nOptions = n;
    args.options = options;
    args.ignoreUnrecognized = JNI_FALSE;
    JNIEnv *e = NULL;
    jint r = create(&vm, (void **)&e, &args);
    while (n_owned > 0) {
        free(owned[--n_owned]);
    }
    if (r != JNI_OK) {
        vm = NULL;
        snprintf(vm_failure, sizeof vm_failure, "the JVM of %s did not start (JNI_CreateJavaVM returned %d%s)",
                 libjvm, (int)r, r == JNI_EVERSION ? ": it is older than Java 10; Braid needs 17 or later"
                 : r == JNI_EINVAL ? ": an option in BRAID_MASTER_JVM_OPTS is not valid" : "");
        return braid_fail(BRAID_ERR_NO_JVM, call, "%s", vm_failure);
    }
    *env = e;
    s = bind_classes(call, e, jar);
    if (s != BRAID_OK) {
        snprintf(vm_failure, sizeof vm_failure, "%s", strchr(braid_last_error(), ' ') + 1);
    }
    return s;
}

int braid_jvm_ready(void) {
    return atomic_load(&ready);
}

braid_status braid_env(const char *call, JNIEnv **env) {
    pthread_once(&attached_once, make_key);
    if (!atomic_load(&ready)) {
        pthread_mutex_lock(&vm_lock);
        if (!atomic_load(&ready)) {
            braid_status s = create_vm(call, env);
            if (s == BRAID_OK) {
                atomic_store(&ready, 1);
            }
            pthread_mutex_unlock(&vm_lock);
            return s;
        }
        pthread_mutex_unlock(&vm_lock);
    }
    return attach(call, env);
}

/* Every call runs in a local frame of its own: a native thread never returns to Java, so local references would pile up. */
braid_status braid_enter(const char *call, JNIEnv **env) {
    braid_status s = braid_env(call, env);
    if (s != BRAID_OK) {
        return s;
    }
    if ((**env)->PushLocalFrame(*env, 16) != 0) {
        (**env)->ExceptionClear(*env);
        return braid_fail(BRAID_ERR_MEMORY, call, "out of memory in the JVM");
    }
    return BRAID_OK;
}

