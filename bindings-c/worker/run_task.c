/*
 * A task request: its arguments decoded per the IDL's parameters (checked against what the
 * request says), the redirections and working directory of the task applied, the generated
 * invoke function called, then the return and every OUT/INOUT value (not Files: the task wrote
 * them in place) encoded. A task's error (unknown function, wrong arguments, a failed
 * serialise) is an error RESULT and the process goes on.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run_task.h"

stream_calls worker_streams;

typedef struct task {
    const braid_task_function *fn;
    braid_value *args, ret;
    int decoded;                 /* arguments decoded so far (what cleanup frees) */
    char message[1024];
} task;

static int fail(task *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->message, sizeof t->message, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *type_name(unsigned type, const braid_user_type *ut) {
    static const char *names[] = {"void", "boolean", "char", "short", "int", "long", "float", "double", "string", "File",
                                  "object", "ObjectStream", "FileStream"};
    unsigned base = type & 0x7f;
    if (base == BRAID_T_OBJECT) return ut ? ut->name : "object";
    return base <= BRAID_T_FILE_STREAM ? names[base] : "unknown type";
}

static const char *dir_name(unsigned d) { return d == BRAID_IN ? "in" : d == BRAID_OUT ? "out" : d == BRAID_INOUT ? "inout" : "?"; }

static const braid_task_function *find(const braid_task_table *table, const char *name) {
    for (int i = 0; i < table->nfunctions; i++) {
        if (strcmp(table->functions[i]->name, name) == 0) return table->functions[i];
    }
    return NULL;
}

static void names_of(const braid_task_table *table, char *out, size_t n) {
    out[0] = '\0';
    for (int i = 0; i < table->nfunctions; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? ", " : "", table->functions[i]->name);
    }
}

/* One argument: 0, -1 = a task error (message set), -2 = malformed frame. */
static int decode_arg(task *t, int i, rbuf *r) {
    const braid_param *p = &t->fn->params[i];
    unsigned type = r_u8(r), dir = r_u8(r);
    if (r->bad) return -2;
    if (type != p->type || dir != p->direction) {
        return fail(t, "argument %d (%s) of %s: the request has %s %s%s, the IDL declares %s %s%s", i + 1, p->name,
                    t->fn->name, dir_name(dir), type & BRAID_T_UNSIGNED ? "unsigned " : "", type_name(type, NULL),
                    dir_name(p->direction), p->type & BRAID_T_UNSIGNED ? "unsigned " : "", type_name(p->type, p->user_type));
    }
    braid_value *v = &t->args[i];
    if ((type & 0x7f) == BRAID_T_OBJECT_STREAM || (type & 0x7f) == BRAID_T_FILE_STREAM) {
        /* u32 handle, str id, str alias, u8 mode, str base_dir: the Java worker's handle, reached by STREAM requests */
        uint32_t handle = r_u32(r);
        char *id = r_str(r), *alias = r_str(r);
        unsigned mode = r_u8(r);
        char *base_dir = r_str(r);
        if (!r->bad && worker_streams.param == NULL) {
            free(id), free(alias), free(base_dir);
            return fail(t, "argument %d (%s) of %s: a stream parameter needs libbraid in the worker library (link it "
                        "with -lbraid: braid-c-buildapp --build does)", i + 1, p->name, t->fn->name);
        }
        if (!r->bad) {
            v->obj = worker_streams.param((type & 0x7f) == BRAID_T_FILE_STREAM, handle, id, alias, (int)mode, base_dir);
            if (v->obj == NULL) {
                fprintf(stderr, "braid-c-worker: out of memory\n");
                exit(4);
            }
        }
        free(id), free(alias), free(base_dir);
        if (r->bad) return -2;
        t->decoded = i + 1;
        return 0;
    }
    int has_value = dir != BRAID_OUT || (type & 0x7f) == BRAID_T_FILE;
    if ((type & 0x7f) == BRAID_T_OBJECT) {
        const braid_user_type *ut = p->user_type;
        v->obj = xcalloc(1, ut->size);
        t->decoded = i + 1;
        if (has_value) {
            size_t n;
            const void *bytes = r_blob(r, &n);
            if (r->bad) return -2;
            int rc = ut->deserialize(bytes, n, v->obj);
            if (rc != 0) return fail(t, "argument %d (%s) of %s: %s_deserialize failed (returned %d)", i + 1, p->name, t->fn->name, ut->name, rc);
        }
        return 0;
    }
    if (has_value && r_value(r, type, v) < 0) return -2;
    t->decoded = i + 1;
    return 0;
}

static void cleanup(task *t) {
    for (int i = 0; i < t->decoded; i++) {
        const braid_param *p = &t->fn->params[i];
        unsigned base = p->type & 0x7f;
        if (base == BRAID_T_STRING || base == BRAID_T_FILE) free(t->args[i].str);
        if (base == BRAID_T_OBJECT_STREAM && t->args[i].obj) worker_streams.free_object(t->args[i].obj);
        if (base == BRAID_T_FILE_STREAM && t->args[i].obj) worker_streams.free_file(t->args[i].obj);
        if (base == BRAID_T_OBJECT && t->args[i].obj) {
            p->user_type->release(t->args[i].obj);
            free(t->args[i].obj);
        }
    }
    unsigned rb = t->fn ? t->fn->return_type & 0x7f : 0;
    if (rb == BRAID_T_STRING) free(t->ret.str);
    if (rb == BRAID_T_OBJECT && t->ret.obj) {
        t->fn->return_user_type->release(t->ret.obj);
        free(t->ret.obj);
    }
    free(t->args);
}

static int encode_value(task *t, wbuf *b, unsigned type, const braid_user_type *ut, braid_value *v, const char *what) {
    unsigned base = type & 0x7f;
    if (base == BRAID_T_OBJECT) {
        void *data = NULL;
        size_t n = 0;
        int rc = ut->serialize(v->obj, &data, &n);
        if (rc != 0) return fail(t, "%s of %s: %s_serialize failed (returned %d)", what, t->fn->name, ut->name, rc);
        w_blob(b, data, n);
        free(data);
        return 0;
    }
    if (base == BRAID_T_STRING && v->str == NULL) return fail(t, "%s of %s is a NULL string", what, t->fn->name);
    w_value(b, type, v);
    return 0;
}

static int encode_result(task *t, wbuf *b) {
    char what[300];
    w_u8(b, 0);
    w_u8(b, t->fn->return_type);
    if (t->fn->return_type != BRAID_T_VOID && encode_value(t, b, t->fn->return_type, t->fn->return_user_type, &t->ret, "the return") < 0) return -1;
    uint32_t updated = 0;
    for (int i = 0; i < t->fn->nparams; i++) {
        const braid_param *p = &t->fn->params[i];
        updated += p->direction != BRAID_IN && (p->type & 0x7f) != BRAID_T_FILE && (p->type & 0x7f) <= BRAID_T_OBJECT;
    }
    w_u32(b, updated);
    for (int i = 0; i < t->fn->nparams; i++) {
        const braid_param *p = &t->fn->params[i];
        if (p->direction == BRAID_IN || (p->type & 0x7f) == BRAID_T_FILE || (p->type & 0x7f) > BRAID_T_OBJECT) continue;
        w_u32(b, (uint32_t)i);
        w_u8(b, p->type);
        snprintf(what, sizeof what, "argument %d (%s)", i + 1, p->name);
        if (encode_value(t, b, p->type, p->user_type, &t->args[i], what) < 0) return -1;
    }
    return 0;
}

/* Points fd at path (appended), returning the saved descriptor, or -1 (message set). */
static int redirect(task *t, int fd, const char *path) {
    int f = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (f < 0) return fail(t, "cannot open %s for the task's output", path), -2;
    int saved = dup(fd);
    dup2(f, fd);
    close(f);
    return saved;
}

static void restore(int fd, int saved) {
    if (saved >= 0) {
        dup2(saved, fd);
        close(saved);
    }
}

static int call(task *t, const char *cwd, const char *out_path, const char *err_path) {
    int here = -1, saved_out = -1, saved_err = -1, rc = 0;
    if (*cwd) {
        here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (chdir(cwd) != 0) rc = fail(t, "cannot change to the task's directory %s", cwd);
    }
    if (rc == 0 && *out_path && (saved_out = redirect(t, STDOUT_FILENO, out_path)) == -2) rc = -1;
    if (rc == 0 && *err_path && (saved_err = redirect(t, STDERR_FILENO, err_path)) == -2) rc = -1;
    if (rc == 0) {
        if ((t->fn->return_type & 0x7f) == BRAID_T_OBJECT) t->ret.obj = xcalloc(1, t->fn->return_user_type->size);
        t->fn->invoke(t->args, &t->ret);
    }
    fflush(stdout);
    fflush(stderr);
    restore(STDOUT_FILENO, saved_out);
    restore(STDERR_FILENO, saved_err);
    if (here >= 0) {
        if (fchdir(here) != 0) perror("braid-c-worker: back to its directory");
        close(here);
    }
    return rc;
}

int run_task(const braid_task_table *table, const char *library, rbuf *r, wbuf *out) {
    task t;
    memset(&t, 0, sizeof t);
    uint64_t id = r_u64(r);
    char *name = r_str(r), *cwd = r_str(r), *out_path = r_str(r), *err_path = r_str(r);
    uint32_t nargs = r_u32(r);
    int rc = r->bad ? -2 : 0;
    if (rc == 0 && (t.fn = find(table, name)) == NULL) {
        char names[2048];
        names_of(table, names, sizeof names);
        rc = fail(&t, "no task function %s in %s (it has: %s)", name, library, names);
    }
    if (rc == 0 && nargs != (uint32_t)t.fn->nparams) {
        rc = fail(&t, "%s takes %d argument%s, the request has %u", name, t.fn->nparams, t.fn->nparams == 1 ? "" : "s", nargs);
    }
    if (rc == 0) {
        t.args = xcalloc((size_t)t.fn->nparams + 1, sizeof *t.args);
        for (int i = 0; rc == 0 && i < t.fn->nparams; i++) rc = decode_arg(&t, i, r);
    }
    if (rc == 0 && r->pos != r->size) rc = -2;
    if (rc == 0) rc = call(&t, cwd, out_path, err_path);
    wbuf result = {0};
    if (rc == 0) rc = encode_result(&t, &result);
    if (rc != -2) {
        w_u8(out, MSG_RESULT);
        w_u64(out, id);
        if (rc == 0) {
            w_bytes(out, result.data, result.size);
        } else {
            w_u8(out, 1);
            w_str(out, t.message);
        }
    }
    free(result.data);
    if (t.fn) cleanup(&t);
    free(name), free(cwd), free(out_path), free(err_path);
    return rc == -2 ? -1 : 0;
}
