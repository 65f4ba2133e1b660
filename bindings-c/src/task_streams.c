/*
 * Stream handles inside a C task (braid-c-worker): the task's STREAM parameters. Their operations
 * are STREAM requests to the Java worker over braid-c-worker's protocol pipe, answered by its own
 * stream client (CStreams in the worker; docs/DESIGN.md, "C worker protocol"), as a Python task's
 * are: no JVM in the C process. braid-c-worker hands libbraid its protocol descriptors
 * (braid_worker_streams_attach) and makes the handles (braid_worker_stream_param).
 *
 * STREAM  u8 6, u32 handle, u8 op, then: PUBLISH (1) u32 n, {blob}; POLL (2) u64 timeout_ms;
 *         CLOSE (3), IS_CLOSED (4) nothing.
 * REPLY   u8 7, u8 status; 0: POLL u32 n, {blob}; IS_CLOSED u8 closed; 1: str message.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "braid_worker.h"
#include "stream_handle.h"

enum { STREAM = 6, STREAM_REPLY = 7, OP_PUBLISH = 1, OP_POLL = 2, OP_CLOSE = 3, OP_IS_CLOSED = 4 };

static int requests_fd = -1, replies_fd = -1;
static pthread_mutex_t pipe_lock = PTHREAD_MUTEX_INITIALIZER; /* one request and its reply at a time */

void braid_worker_streams_attach(int requests, int replies) {
    requests_fd = requests;
    replies_fd = replies;
}

int braid_in_c_task_process(void) {
    return requests_fd >= 0;
}

void *braid_worker_stream_param(int file_stream, unsigned handle, const char *id, const char *alias, int mode,
                                const char *base_dir) {
    struct braid_stream *s = calloc(1, file_stream ? sizeof(braid_file_stream) : sizeof(braid_object_stream));
    if (s == NULL) {
        return NULL;
    }
    s->remote = 1;
    s->remote_handle = handle;
    s->mode = (braid_consumer_mode)mode;
    s->id = strdup(id);
    s->alias = alias && *alias ? strdup(alias) : NULL;
    s->base_dir = file_stream ? strdup(base_dir ? base_dir : "") : NULL;
    if (s->id == NULL || (alias && *alias && s->alias == NULL) || (file_stream && s->base_dir == NULL)) {
        braid_stream_release(s);
        free(s);
        return NULL;
    }
    return s; /* the first member of both handle kinds */
}

/* ---- a growable request ------------------------------------------------------------------------ */

typedef struct req { unsigned char *data; size_t size, cap; int oom; } req;

static void put(req *r, const void *bytes, size_t n) {
    if (r->oom) return;
    if (r->size + n > r->cap) {
        size_t cap = r->cap ? r->cap : 256;
        while (cap < r->size + n) cap *= 2;
        unsigned char *more = realloc(r->data, cap);
        if (more == NULL) {
            r->oom = 1;
            return;
        }
        r->data = more;
        r->cap = cap;
    }
    memcpy(r->data + r->size, bytes, n);
    r->size += n;
}

static void put_u8(req *r, unsigned v) {
    unsigned char b = (unsigned char)v;
    put(r, &b, 1);
}

static void put_u32(req *r, uint32_t v) {
    unsigned char b[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8), (unsigned char)v};
    put(r, b, 4);
}

static void put_u64(req *r, uint64_t v) {
    put_u32(r, (uint32_t)(v >> 32));
    put_u32(r, (uint32_t)v);
}

static uint32_t get_u32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* All n bytes through fd: written from p when out is set, else read into p; 0, or -1 on an error or end of file. */
static int move_all(int fd, unsigned char *p, size_t n, int out) {
    while (n > 0) {
        ssize_t k = out ? write(fd, p, n) : read(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* A request out (its frame's length first), its reply in (malloc'd, after u8 7 and the status). */
static braid_status exchange(const char *call, req *r, unsigned char **reply, size_t *size) {
    *reply = NULL;
    *size = 0;
    if (r->oom) {
        return braid_fail(BRAID_ERR_MEMORY, call, "out of memory");
    }
    if (r->size - 4 > (size_t)INT32_MAX) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%zu bytes in one call: at most 2 GiB", r->size);
    }
    uint32_t n = (uint32_t)(r->size - 4);
    unsigned char len[4] = {(unsigned char)(n >> 24), (unsigned char)(n >> 16), (unsigned char)(n >> 8), (unsigned char)n};
    memcpy(r->data, len, 4);
    pthread_mutex_lock(&pipe_lock);
    int failed = move_all(requests_fd, r->data, r->size, 1) != 0 || move_all(replies_fd, len, 4, 0) != 0;
    unsigned char *data = NULL;
    uint32_t m = failed ? 0 : get_u32(len);
    if (!failed) {
        data = malloc(m ? m : 1);
        failed = data == NULL || move_all(replies_fd, data, m, 0) != 0;
    }
    pthread_mutex_unlock(&pipe_lock);
    if (failed) {
        free(data);
        return braid_fail(BRAID_ERR_STREAM, call, "the Java worker did not answer (its pipe is closed)");
    }
    if (m < 2 || data[0] != STREAM_REPLY) {
        unsigned type = m ? data[0] : 0u;
        free(data);
        return braid_fail(BRAID_ERR_STREAM, call, "the Java worker answered a stream request with message type %u",
                          type);
    }
    if (data[1] != 0) {
        uint32_t k = m >= 6 ? get_u32(data + 2) : 0;
        braid_status st = braid_fail(BRAID_ERR_STREAM, call, "%.*s", (int)(k <= m - 6 ? k : 0), (const char *)data + 6);
        free(data);
        return st;
    }
    *reply = data;
    *size = m;
    return BRAID_OK;
}

static void begin(req *r, const struct braid_stream *s, unsigned op) {
    put_u32(r, 0); /* the frame's length, set by exchange */
    put_u8(r, STREAM);
    put_u32(r, s->remote_handle);
    put_u8(r, op);
}

braid_status braid_remote_publish(const char *call, struct braid_stream *s, const braid_record *records, size_t count) {
    if (count > (size_t)INT32_MAX) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%zu records in one call: at most 2^31-1", count);
    }
    size_t total = 16;
    for (size_t i = 0; i < count; i++) {
        if (records[i].data == NULL && records[i].size > 0) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "data is NULL (size %zu)", records[i].size);
        }
        if (records[i].size > (size_t)INT32_MAX - 8) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "a record of %zu bytes: at most 2 GiB", records[i].size);
        }
        total += 4 + records[i].size;
    }
    req r = {0};
    r.data = malloc(total);
    r.cap = r.data ? total : 0;
    begin(&r, s, OP_PUBLISH);
    put_u32(&r, (uint32_t)count);
    for (size_t i = 0; i < count; i++) {
        put_u32(&r, (uint32_t)records[i].size);
        put(&r, records[i].data, records[i].size);
    }
    unsigned char *reply;
    size_t size;
    braid_status st = exchange(call, &r, &reply, &size);
    free(r.data);
    free(reply);
    return st;
}

braid_status braid_remote_poll(const char *call, struct braid_stream *s, long timeout_ms, braid_record **records,
                               size_t *count) {
    req r = {0};
    begin(&r, s, OP_POLL);
    put_u64(&r, (uint64_t)(int64_t)timeout_ms);
    unsigned char *reply;
    size_t size;
    braid_status st = exchange(call, &r, &reply, &size);
    free(r.data);
    if (st != BRAID_OK) {
        return st;
    }
    size_t pos = 2, n = size >= 6 ? get_u32(reply + 2) : 0;
    pos += 4;
    braid_record *out = n ? calloc(n, sizeof *out) : NULL;
    if (n && out == NULL) {
        free(reply);
        return braid_fail(BRAID_ERR_MEMORY, call, "out of memory for %zu records", n);
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t len = pos + 4 <= size ? get_u32(reply + pos) : UINT32_MAX;
        if (len == UINT32_MAX || pos + 4 + len > size) {
            braid_records_free(out, i);
            free(reply);
            return braid_fail(BRAID_ERR_STREAM, call, "the Java worker's reply is cut short");
        }
        out[i].data = malloc(len + 1); /* NUL after the bytes: a file stream's paths are strings */
        if (out[i].data == NULL) {
            braid_records_free(out, i);
            free(reply);
            return braid_fail(BRAID_ERR_MEMORY, call, "out of memory for a record of %u bytes", len);
        }
        memcpy(out[i].data, reply + pos + 4, len);
        ((char *)out[i].data)[len] = '\0';
        out[i].size = len;
        pos += 4 + len;
    }
    free(reply);
    *records = out;
    *count = n;
    return BRAID_OK;
}

braid_status braid_remote_close(const char *call, struct braid_stream *s) {
    req r = {0};
    begin(&r, s, OP_CLOSE);
    unsigned char *reply;
    size_t size;
    braid_status st = exchange(call, &r, &reply, &size);
    free(r.data);
    free(reply);
    return st;
}

braid_status braid_remote_is_closed(const char *call, struct braid_stream *s, int *closed) {
    req r = {0};
    begin(&r, s, OP_IS_CLOSED);
    unsigned char *reply;
    size_t size;
    braid_status st = exchange(call, &r, &reply, &size);
    free(r.data);
    if (st == BRAID_OK) {
        *closed = size >= 3 && reply[2] != 0;
    }
    free(reply);
    return st;
}
