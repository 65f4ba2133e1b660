/*
 * Wrong calls get a status and one line naming the culprit, and the program goes on: bad
 * options, a stream without a server, a wrong alias, a closed stream, NULL arguments.
 * Run through expect_stderr.sh: no Java stack trace may reach stderr.
 */
#include "check.h"

int main(void) {
    braid_object_stream *o = NULL;
    braid_file_stream *f = NULL;
    const char *tmp = getenv("BRAID_TEST_TMP");
    CHECK(tmp != NULL);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/errors-files", tmp);

    /* No run and no BRAID_STREAM_SERVER: a stream has no server (the JVM starts for this call). */
    FAILS(braid_object_stream_new("early", BRAID_AT_MOST_ONCE, &o), BRAID_ERR_STREAM, "BRAID_STREAM_SERVER");
    CHECK(o == NULL);

    FAILS(braid_on_options("--no_such_option", NULL), BRAID_ERR_ARGUMENT, "--no_such_option");
    FAILS(braid_on_options("--log_level=loud", NULL), BRAID_ERR_ARGUMENT, "--log_level");
    FAILS(braid_on_options("--summary stray", NULL), BRAID_ERR_ARGUMENT, "'stray' is not an option");
    FAILS(braid_on_options("--base_log_dir='unclosed", NULL), BRAID_ERR_ARGUMENT, "is not closed");
    FAILS(braid_on_options("--resources=/nonexistent/resources.xml", NULL), BRAID_ERR_RUNTIME,
          "/nonexistent/resources.xml");

    OK(braid_on()); /* the failures above left nothing on */

    FAILS(braid_object_stream_new("x", (braid_consumer_mode)7, &o), BRAID_ERR_ARGUMENT, "consumer mode 7");
    FAILS(braid_object_stream_new("x", BRAID_AT_MOST_ONCE, NULL), BRAID_ERR_ARGUMENT, "stream is NULL");
    FAILS(braid_object_stream_publish(NULL, "a", 1), BRAID_ERR_ARGUMENT, "braid_object_stream_publish: the stream handle is NULL");
    FAILS(braid_file_stream_new(NULL, NULL, BRAID_AT_MOST_ONCE, &f), BRAID_ERR_ARGUMENT, "base_dir is NULL");

    /* Wrong alias: it names a stream of the other kind. */
    OK(braid_file_stream_new("taken-by-files", dir, BRAID_AT_MOST_ONCE, &f));
    FAILS(braid_object_stream_new("taken-by-files", BRAID_AT_MOST_ONCE, &o), BRAID_ERR_STREAM, "alias 'taken-by-files'");
    CHECK(o == NULL);
    /* ... or a file stream on another directory. */
    braid_file_stream *g = NULL;
    FAILS(braid_file_stream_new("taken-by-files", tmp, BRAID_AT_MOST_ONCE, &g), BRAID_ERR_STREAM,
          "alias 'taken-by-files' names file stream");
    CHECK(g == NULL);

    /* A file outside the stream's directory. */
    FAILS(braid_file_stream_publish(f, "/etc/hostname"), BRAID_ERR_STREAM, "not inside the stream's base directory");

    /* Closed handles: publishing after close is refused, naming the stream. */
    OK(braid_object_stream_new("closed-here", BRAID_AT_MOST_ONCE, &o));
    OK(braid_object_stream_publish(o, "one", 3));
    OK(braid_object_stream_close(o));
    int closed = 0;
    OK(braid_object_stream_is_closed(o, &closed));
    CHECK(closed == 1);
    FAILS(braid_object_stream_publish(o, "two", 3), BRAID_ERR_STREAM, "closed");
    braid_record *records;
    size_t n;
    OK(braid_object_stream_poll(o, 0, &records, &n)); /* a closed stream is still read: its record is there */
    CHECK(n == 1 && records[0].size == 3 && memcmp(records[0].data, "one", 3) == 0);
    braid_records_free(records, n);
    OK(braid_file_stream_close(f));
    char path[4200];
    snprintf(path, sizeof path, "%s/late.txt", dir);
    FAILS(braid_file_stream_publish(f, path), BRAID_ERR_STREAM, "closed");
    braid_object_stream_free(o);
    braid_file_stream_free(f);

    OK(braid_off());
    printf("errors: ok\n");
    return 0;
}
