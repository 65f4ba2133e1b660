/*
 * Object streams from C, in every consumer mode: a writer thread publishes records (one by one,
 * a batch, an empty one, 1 MiB) and closes; the main thread, through another handle attached by
 * alias, polls until the stream is closed, then once more, and gets every record intact.
 */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define SINGLE 200
#define BATCH 10
#define BIG_INDEX (SINGLE + BATCH)
#define TOTAL (SINGLE + BATCH + 2) /* + the 1 MiB record + the empty one */
#define BIG (1024 * 1024)

static size_t size_of(uint32_t i) {
    return i == BIG_INDEX ? BIG : 4 + i % 100;
}

/* Record i: its index (4 bytes), then a pattern of i. */
static void *make(uint32_t i) {
    size_t n = size_of(i);
    unsigned char *r = malloc(n);
    CHECK(r != NULL);
    memcpy(r, &i, 4);
    for (size_t j = 4; j < n; j++) {
        r[j] = (unsigned char)(i * 7 + j);
    }
    return r;
}

static void *writer(void *arg) {
    braid_object_stream *s = arg;
    for (uint32_t i = 0; i < SINGLE; i++) {
        void *r = make(i);
        OK(braid_object_stream_publish(s, r, size_of(i)));
        free(r);
    }
    braid_record batch[BATCH];
    for (uint32_t i = 0; i < BATCH; i++) {
        batch[i].data = make(SINGLE + i);
        batch[i].size = size_of(SINGLE + i);
    }
    OK(braid_object_stream_publish_all(s, batch, BATCH));
    for (uint32_t i = 0; i < BATCH; i++) {
        free(batch[i].data);
    }
    void *big = make(BIG_INDEX);
    OK(braid_object_stream_publish(s, big, BIG));
    free(big);
    OK(braid_object_stream_publish(s, NULL, 0));
    OK(braid_object_stream_close(s));
    return NULL;
}

static void check_record(const braid_record *r, int *seen, int *empty) {
    if (r->size == 0) {
        (*empty)++;
        return;
    }
    CHECK(r->size >= 4);
    uint32_t i;
    memcpy(&i, r->data, 4);
    CHECK(i < BIG_INDEX + 1);
    CHECK(r->size == size_of(i));
    const unsigned char *b = r->data;
    for (size_t j = 4; j < r->size; j++) {
        CHECK(b[j] == (unsigned char)(i * 7 + j));
    }
    seen[i]++;
}

static void run_mode(braid_consumer_mode mode, const char *alias) {
    braid_object_stream *w, *r;
    OK(braid_object_stream_new(alias, mode, &w));
    /* attaching by alias with another mode: the same stream, the creator's mode */
    braid_consumer_mode other = mode == BRAID_EXACTLY_ONCE ? BRAID_AT_MOST_ONCE : BRAID_EXACTLY_ONCE;
    OK(braid_object_stream_new(alias, other, &r));
    const char *wid, *rid, *ralias;
    braid_consumer_mode rmode;
    OK(braid_object_stream_id(w, &wid));
    OK(braid_object_stream_id(r, &rid));
    OK(braid_object_stream_alias(r, &ralias));
    OK(braid_object_stream_mode(r, &rmode));
    CHECK(strcmp(wid, rid) == 0);
    CHECK(ralias != NULL && strcmp(ralias, alias) == 0);
    CHECK(rmode == mode);
    int closed = -1;
    OK(braid_object_stream_is_closed(r, &closed));
    CHECK(closed == 0);

    pthread_t t;
    CHECK(pthread_create(&t, NULL, writer, w) == 0);
    int seen[BIG_INDEX + 1] = {0};
    int empty = 0;
    size_t total = 0;
    for (;;) {
        OK(braid_object_stream_is_closed(r, &closed));
        braid_record *records;
        size_t n;
        OK(braid_object_stream_poll(r, closed ? 0 : 1000, &records, &n));
        for (size_t k = 0; k < n; k++) {
            check_record(&records[k], seen, &empty);
        }
        braid_records_free(records, n);
        total += n;
        if (closed) {
            break;
        }
    }
    CHECK(pthread_join(t, NULL) == 0);
    for (int i = 0; i <= BIG_INDEX; i++) {
        CHECK(seen[i] == 1);
    }
    CHECK(empty == 1);
    CHECK(total == TOTAL);
    braid_records_free(NULL, 0);
    braid_object_stream_free(w);
    braid_object_stream_free(r);
    printf("%s (mode %d): %zu records read back\n", alias, (int)mode, total);
}

int main(void) {
    OK(braid_on());
    run_mode(BRAID_AT_MOST_ONCE, "c-objects-at-most-once");
    run_mode(BRAID_AT_LEAST_ONCE, "c-objects-at-least-once");
    run_mode(BRAID_EXACTLY_ONCE, "c-objects-exactly-once");
    /* no alias: a new stream each time */
    braid_object_stream *a, *b;
    OK(braid_object_stream_new(NULL, BRAID_AT_MOST_ONCE, &a));
    OK(braid_object_stream_new(NULL, BRAID_AT_MOST_ONCE, &b));
    const char *ida, *idb, *alias;
    OK(braid_object_stream_id(a, &ida));
    OK(braid_object_stream_id(b, &idb));
    OK(braid_object_stream_alias(a, &alias));
    CHECK(strcmp(ida, idb) != 0);
    CHECK(alias == NULL);
    braid_record *records;
    size_t n = 99;
    OK(braid_object_stream_poll(a, 0, &records, &n)); /* nothing there: returns at once, empty */
    CHECK(n == 0 && records == NULL);
    braid_object_stream_free(a);
    braid_object_stream_free(b);
    OK(braid_off());
    printf("object streams: ok\n");
    return 0;
}
