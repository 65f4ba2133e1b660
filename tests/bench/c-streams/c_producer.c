/*
 * c_producer SIZE COUNT [ROUNDS]: publishes COUNT records of SIZE bytes on a new object stream
 * with braid_object_stream_publish (one call per record), then closes it; ROUNDS times, the first
 * untimed (warm-up). Prints one line per timed round: "c SIZE COUNT seconds records/s MB/s
 * cpu-us/record" (CPU of the whole process: the JVM's threads in it too). The
 * stream server is BRAID_STREAM_SERVER's (no braid_on), as JavaProducer's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <braid.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* CPU seconds of the whole process (the JVM's threads in it included), as JavaProducer's. */
static double cpu(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec + ((double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_usec) / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: c_producer SIZE COUNT [ROUNDS]\n");
        return 2;
    }
    size_t size = strtoul(argv[1], NULL, 10);
    long count = strtol(argv[2], NULL, 10), rounds = argc > 3 ? strtol(argv[3], NULL, 10) : 3;
    unsigned char *record = malloc(size ? size : 1);
    memset(record, 'x', size);
    for (long round = 0; round < rounds; round++) {
        braid_object_stream *s;
        if (braid_object_stream_new(NULL, BRAID_AT_MOST_ONCE, &s) != BRAID_OK) {
            fprintf(stderr, "%s\n", braid_last_error());
            return 1;
        }
        double t0 = now(), c0 = cpu();
        for (long i = 0; i < count; i++) {
            record[0] = (unsigned char)i;
            if (braid_object_stream_publish(s, record, size) != BRAID_OK) {
                fprintf(stderr, "%s\n", braid_last_error());
                return 1;
            }
        }
        if (braid_object_stream_close(s) != BRAID_OK) {
            fprintf(stderr, "%s\n", braid_last_error());
            return 1;
        }
        double dt = now() - t0, dc = cpu() - c0;
        braid_object_stream_free(s);
        if (round > 0) {
            printf("c %zu %ld %.3f %.0f %.1f %.2f\n", size, count, dt, count / dt, count * (double)size / dt / 1e6,
                   dc / count * 1e6);
            fflush(stdout);
        }
    }
    free(record);
    return 0;
}
