/*
 * The C side of the cross-language test: a C main (braid_on) and a Java task of another Braid run
 * talk through two object streams while both run. For each of ROUNDS records the C program
 * publishes on "c-to-java" and waits for the Java task's reply on "java-to-c" (the record
 * reversed) before sending the next, so the Java task must consume while the C program runs.
 */
#include "../check.h"

#define ROUNDS 20

static void reversed(const char *s, char *out) {
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++) {
        out[i] = s[n - 1 - i];
    }
    out[n] = '\0';
}

int main(void) {
    OK(braid_on());
    const char *log_dir;
    OK(braid_log_dir(&log_dir));
    printf("log dir: %s\n", log_dir);
    fflush(stdout);
    braid_object_stream *to_java, *from_java;
    OK(braid_object_stream_new("c-to-java", BRAID_EXACTLY_ONCE, &to_java));
    OK(braid_object_stream_new("java-to-c", BRAID_EXACTLY_ONCE, &from_java));
    for (int i = 0; i < ROUNDS; i++) {
        char msg[64], want[64];
        snprintf(msg, sizeof msg, "ping %d from C", i);
        reversed(msg, want);
        OK(braid_object_stream_publish(to_java, msg, strlen(msg)));
        braid_record *records = NULL;
        size_t n = 0;
        for (int waited = 0; n == 0; waited++) { /* up to 120 s for the reply */
            CHECK(waited < 240);
            OK(braid_object_stream_poll(from_java, 500, &records, &n));
        }
        CHECK(n == 1);
        CHECK(records[0].size == strlen(want) && memcmp(records[0].data, want, records[0].size) == 0);
        braid_records_free(records, n);
    }
    OK(braid_object_stream_close(to_java));
    /* The Java task sees the close, closes its stream: nothing more comes. */
    int closed = 0;
    size_t extra = 0;
    for (int waited = 0; !closed; waited++) {
        CHECK(waited < 240);
        OK(braid_object_stream_is_closed(from_java, &closed));
        braid_record *records;
        size_t n;
        OK(braid_object_stream_poll(from_java, closed ? 0 : 500, &records, &n));
        extra += n;
        braid_records_free(records, n);
    }
    CHECK(extra == 0);
    braid_object_stream_free(to_java);
    braid_object_stream_free(from_java);
    OK(braid_off());
    printf("c program: %d round trips with the Java task\n", ROUNDS);
    return 0;
}
