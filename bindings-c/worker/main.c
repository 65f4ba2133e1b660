/*
 * braid-c-worker LIBRARY: a persistent process running the C tasks of one application, one at a
 * time, for one executor of a Java worker (as `python -m braid.worker` does for Python tasks).
 * It loads the worker library braid-c-buildapp built (libAPP-worker.so: the task functions and
 * the generated table braid_c_tasks), says READY on stdout, then answers each TASK frame of stdin
 * with a RESULT frame (docs/DESIGN.md, "C worker protocol"). A task that crashes ends this
 * process only: the Java side sees stdout end without a result, fails the task and starts
 * another process.
 *
 * Exit status: 0 after SHUTDOWN or at the end of stdin; 2 bad command line or library; 3 a
 * malformed frame; 4 out of memory. Each with one line on stderr.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run_task.h"

static int proto_in, proto_out;

static void die(int status, const char *fmt, const char *a, const char *b) {
    fprintf(stderr, "braid-c-worker: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    exit(status);
}

static void send_frame(wbuf *b) {
    if (frame_write(proto_out, b) != 0) die(3, "cannot write to the Java side (%s%s)", "stdout closed", "");
    b->size = 0;
}

/* Keeps fd 0/1 for the protocol; a task's printf goes to stderr, its reads see /dev/null. */
static void take_protocol_descriptors(void) {
    proto_in = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    proto_out = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (proto_in < 0 || proto_out < 0) die(2, "cannot duplicate stdin/stdout%s%s", "", "");
    dup2(STDERR_FILENO, STDOUT_FILENO);
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) {
        dup2(null, STDIN_FILENO);
        close(null);
    }
}

static void ready(const braid_task_table *table, const char *library, wbuf *b) {
    w_u8(b, MSG_READY);
    w_u32(b, WIRE_PROTOCOL);
    w_u32(b, (uint32_t)getpid());
    w_str(b, library);
    w_str(b, table->idl);
    w_u32(b, (uint32_t)table->nfunctions);
    for (int i = 0; i < table->nfunctions; i++) {
        const braid_task_function *f = table->functions[i];
        w_str(b, f->name);
        w_u8(b, f->return_type);
        w_str(b, f->return_user_type ? f->return_user_type->name : "");
        w_u32(b, (uint32_t)f->nparams);
        for (int j = 0; j < f->nparams; j++) {
            w_str(b, f->params[j].name);
            w_u8(b, f->params[j].type);
            w_u8(b, f->params[j].direction);
            w_str(b, f->params[j].user_type ? f->params[j].user_type->name : "");
        }
    }
    send_frame(b);
}

int main(int argc, char **argv) {
    if (argc != 2 || argv[1][0] == '-') {
        die(2, "usage: braid-c-worker LIBRARY (the libAPP-worker.so braid-c-buildapp built)%s%s", "", "");
    }
    const char *library = argv[1];
    if (access(library, R_OK) != 0) die(2, "%s: no such library%s", library, "");
    /* A name without '/' is the file in the current directory (dlopen would search the system's). */
    char local[4096];
    snprintf(local, sizeof local, "./%s", library);
    void *handle = dlopen(strchr(library, '/') ? library : local, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) die(2, "cannot load %s: %s", library, dlerror());
    const braid_task_table *table = dlsym(handle, BRAID_TASK_TABLE_SYMBOL);
    if (table == NULL) {
        die(2, "%s has no task table (" BRAID_TASK_TABLE_SYMBOL "): link the APP-executor.c braid-c-buildapp generated into it%s", library, "");
    }
    if (table->abi != BRAID_WORKER_ABI) {
        die(2, "%s was generated for another braid-c-worker (ABI %s): run braid-c-buildapp again and rebuild it", library,
            table->abi > BRAID_WORKER_ABI ? "newer" : "older");
    }
    take_protocol_descriptors();
    /* A library whose tasks take streams links libbraid: its calls go to the Java worker over this pipe. */
    void (*attach)(int, int) = (void (*)(int, int))dlsym(handle, "braid_worker_streams_attach");
    if (attach != NULL) {
        attach(proto_out, proto_in);
        worker_streams.param = (void *(*)(int, unsigned, const char *, const char *, int, const char *))dlsym(
            handle, "braid_worker_stream_param");
        worker_streams.free_object = (void (*)(braid_object_stream *))dlsym(handle, "braid_object_stream_free");
        worker_streams.free_file = (void (*)(braid_file_stream *))dlsym(handle, "braid_file_stream_free");
        if (!worker_streams.param || !worker_streams.free_object || !worker_streams.free_file) {
            die(2, "%s: its libbraid lacks braid_worker_stream_param (an older libbraid?)%s", library, "");
        }
    }
    wbuf out = {0};
    ready(table, library, &out);
    for (;;) {
        unsigned char *frame;
        size_t size;
        const char *err;
        int k = frame_read(proto_in, &frame, &size, &err);
        if (k == 0) return 0;
        if (k < 0) die(3, "reading a request: %s%s", err, "");
        rbuf r = {frame, size, 0, 0};
        unsigned type = r_u8(&r);
        if (type == MSG_SHUTDOWN && size == 1) {
            w_u8(&out, MSG_BYE);
            send_frame(&out);
            return 0;
        }
        if (type != MSG_TASK || run_task(table, library, &r, &out) != 0) {
            char what[64];
            snprintf(what, sizeof what, "%u (%zu bytes)", type, size);
            die(3, "malformed request: message type %s%s", what, type == MSG_TASK ? ", its body does not match its function" : "");
        }
        send_frame(&out);
        free(frame);
    }
}
