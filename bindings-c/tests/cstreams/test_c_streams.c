/*
 * C tasks with stream parameters (streams.idl, run by braid-c-worker on a local worker), from a C
 * main program: two C tasks publish on an object stream (24-byte and 1 MiB records) that a Python
 * task reads; a C task reads what the main program published; a C task writes files into a file
 * stream that another C task reads; a task publishing on a stream it reads, or opening one of its
 * own, is refused with one line (the task goes on).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "braid_foreign.h"
#include "check.h"
#include "streams.h"

static const char *PYTHON_TASKS =
    "def count(stream):\n"
    "    n, size = 0, 0\n"
    "    while not stream.is_closed():\n"
    "        for r in stream.poll(500):\n"
    "            n, size = n + 1, size + len(r)\n"
    "    for r in stream.poll():\n"
    "        n, size = n + 1, size + len(r)\n"
    "    return 'count=%d bytes=%d' % (n, size)\n";

/* The object's pickle (a str) holds text. */
static void expect_text(long long id, const char *text) {
    void *data;
    size_t size;
    OK(braid_foreign_wait_on(id, &data, &size));
    if (memmem(data, size, text, strlen(text)) == NULL) {
        fprintf(stderr, "object %lld: its pickle (%zu bytes) lacks '%s': %.*s\n", id, size, text, (int)size,
                (const char *)data);
        exit(1);
    }
    printf("object %lld holds '%s'\n", id, text);
    braid_foreign_free(data);
}

int main(void) {
    const char *tmp = getenv("BRAID_TEST_TMP");
    CHECK(tmp != NULL);
    char dir[512], path[600], files[600];
    snprintf(dir, sizeof dir, "%s/cstreams-XXXXXX", tmp);
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/cstreams_py.py", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL && fputs(PYTHON_TASKS, f) >= 0 && fclose(f) == 0);
    snprintf(files, sizeof files, "%s/files", dir);

    OK(braid_on());

    /* C tasks publish, a Python task reads: 40 records of 24 bytes and 3 of 1 MiB. */
    braid_object_stream *sim;
    OK(braid_object_stream_new(NULL, BRAID_AT_LEAST_ONCE, &sim));
    produce(sim, 40, 24);
    produce(sim, 3, 1 << 20);
    const char *count_p[] = {"STREAM_IN"};
    int count = -1;
    OK(braid_foreign_define("python", "cstreams_py", "count", dir, count_p, 1, 1, NULL, 0, 0, 0, NULL, 0, &count));
    const char *sim_id;
    OK(braid_object_stream_id(sim, &sim_id));
    const char *ids[] = {sim_id};
    long long counted = 900000001;
    OK(braid_foreign_submit(count, NULL, NULL, NULL, ids, &counted, 1, NULL, NULL, NULL, NULL, NULL));
    expect_text(counted, "count=43 bytes=3146688");

    /* The main program publishes, a C task reads. */
    braid_object_stream *feed;
    OK(braid_object_stream_new(NULL, BRAID_AT_MOST_ONCE, &feed));
    for (int i = 0; i < 10; i++) {
        OK(braid_object_stream_publish(feed, "0123456789", (size_t)i));
    }
    OK(braid_object_stream_close(feed));
    CHECK(consume(feed) == 10);

    /* File streams: a C task writes files, another reads them. */
    braid_file_stream *out;
    OK(braid_file_stream_new(NULL, files, BRAID_AT_MOST_ONCE, &out));
    produce_files(out, 5);
    CHECK(consume_files(out) == 5);

    /* Refused inside the task, which goes on (it checks the statuses itself). */
    misuse(feed);

    OK(braid_off());
    braid_object_stream_free(sim);
    braid_object_stream_free(feed);
    braid_file_stream_free(out);
    printf("c task streams: ok\n");
    return 0;
}
