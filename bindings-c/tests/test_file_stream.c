/*
 * File streams from C: a writer thread writes files into the stream's directory (one without a
 * publish call: the directory is watched; the others published), then closes; a reader attached
 * by alias polls until closed, then once more, and gets every file's absolute path once.
 */
#include <limits.h>
#include <pthread.h>
#include <unistd.h>

#include "check.h"

#define FILES 20

static char dir[PATH_MAX];

static void write_file(const char *path, int i) {
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    fprintf(f, "file %d\n", i);
    CHECK(fclose(f) == 0);
}

static void *writer(void *arg) {
    braid_file_stream *s = arg;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/unpublished.txt", dir);
    write_file(path, -1);
    for (int i = 0; i < FILES; i++) {
        snprintf(path, sizeof path, "%s/f-%02d.txt", dir, i);
        write_file(path, i);
        OK(braid_file_stream_publish(s, path));
    }
    OK(braid_file_stream_close(s));
    return NULL;
}

int main(void) {
    const char *base = getenv("BRAID_TEST_TMP");
    CHECK(base != NULL);
    snprintf(dir, sizeof dir, "%s/files-XXXXXX", base);
    CHECK(mkdtemp(dir) != NULL);
    char real[PATH_MAX];
    CHECK(realpath(dir, real) != NULL);

    OK(braid_on());
    braid_file_stream *w, *r;
    OK(braid_file_stream_new("c-files", dir, BRAID_AT_LEAST_ONCE, &w));
    OK(braid_file_stream_new("c-files", dir, BRAID_AT_MOST_ONCE, &r)); /* the creator's mode wins */
    const char *wdir, *rdir, *wid, *rid;
    braid_consumer_mode mode;
    OK(braid_file_stream_base_dir(w, &wdir));
    OK(braid_file_stream_base_dir(r, &rdir));
    OK(braid_file_stream_id(w, &wid));
    OK(braid_file_stream_id(r, &rid));
    OK(braid_file_stream_mode(r, &mode));
    CHECK(strcmp(wdir, real) == 0);
    CHECK(strcmp(rdir, real) == 0);
    CHECK(strcmp(wid, rid) == 0);
    CHECK(mode == BRAID_AT_LEAST_ONCE);

    pthread_t t;
    CHECK(pthread_create(&t, NULL, writer, w) == 0);
    int seen[FILES + 1] = {0};
    size_t total = 0;
    int closed = 0;
    for (;;) {
        OK(braid_file_stream_is_closed(r, &closed));
        char **paths;
        size_t n;
        OK(braid_file_stream_poll(r, closed ? 0 : 1000, &paths, &n));
        for (size_t k = 0; k < n; k++) {
            CHECK(strncmp(paths[k], real, strlen(real)) == 0);
            FILE *f = fopen(paths[k], "r");
            CHECK(f != NULL);
            int i = -2;
            CHECK(fscanf(f, "file %d", &i) == 1);
            fclose(f);
            CHECK(i >= -1 && i < FILES);
            seen[i + 1]++;
        }
        braid_paths_free(paths, n);
        total += n;
        if (closed) {
            break;
        }
    }
    CHECK(pthread_join(t, NULL) == 0);
    for (int i = 0; i <= FILES; i++) {
        CHECK(seen[i] == 1);
    }
    CHECK(total == FILES + 1);
    braid_file_stream_free(w);
    braid_file_stream_free(r);
    OK(braid_off());
    printf("file stream: %zu files read back\n", total);
    return 0;
}
