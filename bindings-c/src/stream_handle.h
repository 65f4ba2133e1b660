/* What object and file stream handles share (stream_handle.c). Not installed. */
#ifndef BRAID_STREAM_HANDLE_H
#define BRAID_STREAM_HANDLE_H

#include "internal.h"

/* What both kinds of handle hold: the Java handle, and what does not change, read once. */
struct braid_stream {
    jobject handle;
    char *id;
    char *alias;
    char *base_dir;
    braid_consumer_mode mode;
    int remote;             /* a C task's parameter: its calls are requests to the Java worker (task_streams.c) */
    unsigned remote_handle; /* its number there */
};

struct braid_object_stream {
    struct braid_stream s;
};

struct braid_file_stream {
    struct braid_stream s;
};

/* A handle argument that must not be NULL. */
#define HANDLE(call, stream)                                                        \
    if ((stream) == NULL) {                                                         \
        return braid_fail(BRAID_ERR_ARGUMENT, call, "the stream handle is NULL");  \
    }

void braid_stream_release(struct braid_stream *s);
/* Fills s from the Java handle h (a local reference of the current frame). */
braid_status braid_stream_adopt(JNIEnv *env, const char *call, jobject h, struct braid_stream *s);
braid_status braid_stream_check_mode(const char *call, braid_consumer_mode mode);
braid_status braid_stream_close(const char *call, struct braid_stream *s);
braid_status braid_stream_is_closed(const char *call, struct braid_stream *s, int *closed);
braid_status braid_stream_text(const char *call, const void *stream, const char *value, const char **out);
braid_status braid_stream_mode_of(const char *call, const void *stream, braid_consumer_mode value,
                                  braid_consumer_mode *out);

/* task_streams.c: a C task's handles, through braid-c-worker's pipe. */
int braid_in_c_task_process(void);
braid_status braid_remote_publish(const char *call, struct braid_stream *s, const braid_record *records, size_t count);
/* Records with a NUL after each one's bytes. */
braid_status braid_remote_poll(const char *call, struct braid_stream *s, long timeout_ms, braid_record **records,
                               size_t *count);
braid_status braid_remote_close(const char *call, struct braid_stream *s);
braid_status braid_remote_is_closed(const char *call, struct braid_stream *s, int *closed);

#endif
