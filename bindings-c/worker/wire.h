/* The C worker protocol's framing and encoding (docs/DESIGN.md, "C worker protocol"). */
#ifndef BRAID_WIRE_H
#define BRAID_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "braid_tasks.h"

enum { MSG_READY = 1, MSG_TASK = 2, MSG_RESULT = 3, MSG_SHUTDOWN = 4, MSG_BYE = 5 };
#define WIRE_PROTOCOL 1
#define WIRE_MAX_FRAME (1u << 31)

/* A growable output buffer; on out of memory the process ends (one line, exit 4). */
typedef struct wbuf { unsigned char *data; size_t size, capacity; } wbuf;
void w_bytes(wbuf *b, const void *data, size_t n);
void w_u8(wbuf *b, unsigned v);
void w_u32(wbuf *b, uint32_t v);
void w_u64(wbuf *b, uint64_t v);
void w_str(wbuf *b, const char *s);               /* u32 length + bytes; NULL as "" */
void w_blob(wbuf *b, const void *data, size_t n); /* u32 length + bytes */
void w_value(wbuf *b, unsigned type, const braid_value *v); /* basic types, string, File */

/* A reader over one frame; any overrun sets bad (the frame is malformed). */
typedef struct rbuf { const unsigned char *data; size_t size, pos; int bad; } rbuf;
unsigned r_u8(rbuf *r);
uint32_t r_u32(rbuf *r);
uint64_t r_u64(rbuf *r);
char *r_str(rbuf *r);                             /* malloc'd, NUL-terminated */
const void *r_blob(rbuf *r, size_t *n);           /* points into the frame */
int r_value(rbuf *r, unsigned type, braid_value *v); /* 0, or -1 when bad */

/* One frame: 4-byte big-endian length, then the bytes. read: 1 = a frame, 0 = end of input
   before a frame, -1 = error (message in err). */
int frame_read(int fd, unsigned char **data, size_t *size, const char **err);
int frame_write(int fd, const wbuf *b);

void *xcalloc(size_t n, size_t size);

#endif
