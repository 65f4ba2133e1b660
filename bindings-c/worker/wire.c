/* Framing and big-endian encoding of the C worker protocol (Java's DataInput/DataOutput order). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wire.h"

void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL) {
        fprintf(stderr, "braid-c-worker: out of memory\n");
        _exit(4);
    }
    return p;
}

void w_bytes(wbuf *b, const void *data, size_t n) {
    if (b->size + n > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 256;
        while (cap < b->size + n) cap *= 2;
        unsigned char *p = realloc(b->data, cap);
        if (p == NULL) {
            fprintf(stderr, "braid-c-worker: out of memory\n");
            _exit(4);
        }
        b->data = p;
        b->capacity = cap;
    }
    if (n) memcpy(b->data + b->size, data, n);
    b->size += n;
}

void w_u8(wbuf *b, unsigned v) { unsigned char c = (unsigned char)v; w_bytes(b, &c, 1); }

void w_u32(wbuf *b, uint32_t v) {
    unsigned char c[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8), (unsigned char)v};
    w_bytes(b, c, 4);
}

void w_u64(wbuf *b, uint64_t v) { w_u32(b, (uint32_t)(v >> 32)); w_u32(b, (uint32_t)v); }

void w_blob(wbuf *b, const void *data, size_t n) { w_u32(b, (uint32_t)n); w_bytes(b, data, n); }

void w_str(wbuf *b, const char *s) { w_blob(b, s ? s : "", s ? strlen(s) : 0); }

void w_value(wbuf *b, unsigned type, const braid_value *v) {
    switch (type & 0x7f) {
    case BRAID_T_BOOLEAN: w_u8(b, v->i != 0); break;
    case BRAID_T_CHAR: w_u8(b, (unsigned char)v->c); break;
    case BRAID_T_SHORT: w_u8(b, (unsigned short)v->s >> 8); w_u8(b, (unsigned short)v->s & 0xff); break;
    case BRAID_T_INT: w_u32(b, (uint32_t)v->i); break;
    case BRAID_T_LONG: w_u64(b, (uint64_t)v->l); break;
    case BRAID_T_FLOAT: { uint32_t u; memcpy(&u, &v->f, 4); w_u32(b, u); break; }
    case BRAID_T_DOUBLE: { uint64_t u; memcpy(&u, &v->d, 8); w_u64(b, u); break; }
    case BRAID_T_STRING: case BRAID_T_FILE: w_str(b, v->str); break;
    default: break;
    }
}

static const unsigned char *take(rbuf *r, size_t n) {
    if (r->bad || r->size - r->pos < n) {
        r->bad = 1;
        return NULL;
    }
    const unsigned char *p = r->data + r->pos;
    r->pos += n;
    return p;
}

unsigned r_u8(rbuf *r) { const unsigned char *p = take(r, 1); return p ? p[0] : 0; }

uint32_t r_u32(rbuf *r) {
    const unsigned char *p = take(r, 4);
    return p ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3] : 0;
}

uint64_t r_u64(rbuf *r) { uint64_t hi = r_u32(r); return hi << 32 | r_u32(r); }

const void *r_blob(rbuf *r, size_t *n) {
    *n = r_u32(r);
    const void *p = take(r, *n);
    if (p == NULL) *n = 0;
    return p ? p : "";
}

char *r_str(rbuf *r) {
    size_t n;
    const void *p = r_blob(r, &n);
    char *s = xcalloc(n + 1, 1);
    memcpy(s, p, n);
    return s;
}

int r_value(rbuf *r, unsigned type, braid_value *v) {
    switch (type & 0x7f) {
    case BRAID_T_BOOLEAN: v->i = r_u8(r) != 0; break;
    case BRAID_T_CHAR: v->c = (char)r_u8(r); break;
    case BRAID_T_SHORT: { unsigned hi = r_u8(r); v->s = (short)(hi << 8 | r_u8(r)); break; }
    case BRAID_T_INT: v->i = (int)r_u32(r); break;
    case BRAID_T_LONG: v->l = (long)r_u64(r); break;
    case BRAID_T_FLOAT: { uint32_t u = r_u32(r); memcpy(&v->f, &u, 4); break; }
    case BRAID_T_DOUBLE: { uint64_t u = r_u64(r); memcpy(&v->d, &u, 8); break; }
    case BRAID_T_STRING: case BRAID_T_FILE: v->str = r_str(r); break;
    default: r->bad = 1;
    }
    return r->bad ? -1 : 0;
}

static int read_full(int fd, void *buf, size_t n, size_t *got) {
    *got = 0;
    while (*got < n) {
        ssize_t k = read(fd, (char *)buf + *got, n - *got);
        if (k == 0) return 0;
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        *got += (size_t)k;
    }
    return 1;
}

int frame_read(int fd, unsigned char **data, size_t *size, const char **err) {
    unsigned char len[4];
    size_t got;
    int k = read_full(fd, len, 4, &got);
    if (k == 0 && got == 0) return 0;
    if (k <= 0) { *err = k < 0 ? strerror(errno) : "input ended inside a frame's length"; return -1; }
    uint32_t n = (uint32_t)len[0] << 24 | (uint32_t)len[1] << 16 | (uint32_t)len[2] << 8 | len[3];
    if (n > WIRE_MAX_FRAME) { *err = "a frame longer than 2 GiB"; return -1; }
    *data = xcalloc(n + 1, 1);
    k = read_full(fd, *data, n, &got);
    if (k <= 0) {
        free(*data);
        *err = k < 0 ? strerror(errno) : "input ended inside a frame";
        return -1;
    }
    *size = n;
    return 1;
}

int frame_write(int fd, const wbuf *b) {
    unsigned char len[4] = {(unsigned char)(b->size >> 24), (unsigned char)(b->size >> 16),
                            (unsigned char)(b->size >> 8), (unsigned char)b->size};
    const unsigned char *parts[2] = {len, b->data};
    size_t sizes[2] = {4, b->size};
    for (int i = 0; i < 2; i++) {
        for (size_t done = 0; done < sizes[i];) {
            ssize_t k = write(fd, parts[i] + done, sizes[i] - done);
            if (k < 0) {
                if (errno == EINTR) continue;
                return -1;
            }
            done += (size_t)k;
        }
    }
    return 0;
}
