/* The task functions of streams.idl: each uses its stream parameters through libbraid's calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streams.h"

static void fail(const char *what) {
    fprintf(stderr, "%s: %s\n", what, braid_last_error());
    exit(3); /* the task fails (the Java side sees the process end) */
}

void produce(braid_object_stream *s, int n, int size) {
    char *record = malloc(size > 0 ? (size_t)size : 1);
    for (int i = 0; i < n; i++) {
        memset(record, 'a' + i % 26, (size_t)size);
        if (size >= 16) snprintf(record, 16, "rec-%d", i); /* "rec-7" and its NUL, then the filling */
        if (braid_object_stream_publish(s, record, (size_t)size) != BRAID_OK) fail("produce");
    }
    free(record);
    if (braid_object_stream_close(s) != BRAID_OK) fail("produce: close");
}

void produce_files(braid_file_stream *s, int n) {
    const char *dir;
    if (braid_file_stream_base_dir(s, &dir) != BRAID_OK) fail("produce_files");
    for (int i = 0; i < n; i++) {
        char path[4096], tmp[4096];
        snprintf(tmp, sizeof tmp, "%s/.part-%d", dir, i);
        snprintf(path, sizeof path, "%s/file-%d.txt", dir, i);
        FILE *f = fopen(tmp, "w");
        if (f == NULL) fail("produce_files: fopen");
        fprintf(f, "line %d\n", i);
        fclose(f);
        if (rename(tmp, path) != 0) fail("produce_files: rename");
        if (braid_file_stream_publish(s, path) != BRAID_OK) fail("produce_files: publish");
    }
    /* no close: the worker closes a task's out streams when it returns */
}

int consume(braid_object_stream *s) {
    int total = 0;
    for (int closed = 0;;) {
        braid_record *r;
        size_t n;
        if (braid_object_stream_is_closed(s, &closed) != BRAID_OK) fail("consume: is_closed");
        if (braid_object_stream_poll(s, closed ? 0 : 500, &r, &n) != BRAID_OK) fail("consume: poll");
        total += (int)n;
        braid_records_free(r, n);
        if (closed) return total;
    }
}

int consume_files(braid_file_stream *s) {
    int total = 0;
    for (int closed = 0;;) {
        char **paths;
        size_t n;
        if (braid_file_stream_is_closed(s, &closed) != BRAID_OK) fail("consume_files: is_closed");
        if (braid_file_stream_poll(s, closed ? 0 : 500, &paths, &n) != BRAID_OK) fail("consume_files: poll");
        for (size_t i = 0; i < n; i++) {
            FILE *f = fopen(paths[i], "r");
            int k = -1;
            if (f == NULL || fscanf(f, "line %d", &k) != 1) fail("consume_files: a polled file");
            fclose(f);
            total++;
        }
        braid_paths_free(paths, n);
        if (closed) return total;
    }
}

void misuse(braid_object_stream *s) {
    braid_status st = braid_object_stream_publish(s, "x", 1);
    braid_object_stream *other;
    braid_status made = braid_object_stream_new("other", BRAID_AT_MOST_ONCE, &other);
    printf("misuse: publish %s, new %s: %s\n", braid_status_name(st), braid_status_name(made), braid_last_error());
    if (st == BRAID_OK || made != BRAID_ERR_STREAM) exit(5);
}
