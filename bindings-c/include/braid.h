/*
 * braid.h - the C API of Braid (libbraid).
 *
 * libbraid runs the Braid runtime (Java, braid.jar) inside the calling process through the JNI
 * invocation API: braid_on() starts a JVM (found at run time, see docs/C.md), the master and its
 * workers; the stream functions use the same Distributed Stream Library as Java tasks, so a C
 * program and Java (or Python) tasks share streams.
 *
 * Errors: every function returns a braid_status; on failure braid_last_error() gives one line
 * naming the call and the culprit, kept per thread until this thread's next failure. Nothing is
 * printed and nothing aborts the process. Every function may be called from any thread.
 */
#ifndef BRAID_H
#define BRAID_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRAID_VERSION_MAJOR 0
#define BRAID_VERSION_MINOR 1
#define BRAID_VERSION_PATCH 0

/* libbraid exports these functions only (it is built with hidden visibility). */
#define BRAID_API __attribute__((visibility("default")))

/** What a call returns. */
typedef enum braid_status {
    BRAID_OK = 0,
    BRAID_ERR_ARGUMENT = 1, /* a NULL or invalid argument, or an unknown or malformed option */
    BRAID_ERR_STATE = 2,    /* the call does not fit now: braid_on twice, braid_off without braid_on */
    BRAID_ERR_NO_JVM = 3,   /* no JVM (JAVA_HOME, java on PATH) or no braid.jar (BRAID_HOME, BRAID_JAR) */
    BRAID_ERR_RUNTIME = 4,  /* the runtime failed: bad XML file, a worker that did not start, a task failed for good */
    BRAID_ERR_STREAM = 5,   /* a stream refused the call: wrong alias, publishing on a closed handle, no server */
    BRAID_ERR_MEMORY = 6,   /* out of memory */
    BRAID_ERR_UNSUPPORTED = 7 /* not built yet in this version (the message says what and which issue) */
} braid_status;

/** The message of this thread's last failed call ("" if none failed yet). Valid until its next call. */
BRAID_API const char *braid_last_error(void);

/**
 * Whether this thread's last error is a failed run that the runtime already reported on stderr
 * (its "[braid] ERROR:" line, with the worker log): a program that prints braid_last_error() before
 * exiting can skip it then, so the reason is said once.
 */
BRAID_API int braid_last_error_reported(void);

/** The enum constant's name, e.g. "BRAID_ERR_STREAM". */
BRAID_API const char *braid_status_name(braid_status status);

/* ---- the runtime --------------------------------------------------------------------------- */

/**
 * Starts the runtime with the options in the environment variable BRAID_RUN_OPTIONS (braid-run's
 * options, e.g. "--resources=r.xml --project=p.xml --log_level=info"; unset: one local worker
 * with every core). The log directory is named after this program's executable.
 */
BRAID_API braid_status braid_on(void);

/**
 * Starts the runtime with braid-run's options given as one string (split as a shell splits
 * words; NULL or "" for none; BRAID_RUN_OPTIONS is not read), its log directory named after
 * app_name (NULL: this program's executable).
 */
BRAID_API braid_status braid_on_options(const char *options, const char *app_name);

/** Waits until every task called so far has ended. */
BRAID_API braid_status braid_barrier(void);

/**
 * Waits for the tasks, stops the workers and the stream services. BRAID_ERR_RUNTIME if the run
 * failed (a task failed for good, every worker was lost). braid_on may start another run after it.
 */
BRAID_API braid_status braid_off(void);

/** The current run's log directory (runtime.log, jobs/); valid until braid_off. */
BRAID_API braid_status braid_log_dir(const char **dir);

/* ---- streams (docs/STREAMS.md: same semantics as ObjectDistroStream / FileDistroStream) ------ */

/** How the readers of one application share a stream's records. */
typedef enum braid_consumer_mode {
    BRAID_AT_MOST_ONCE = 0,
    BRAID_AT_LEAST_ONCE = 1,
    BRAID_EXACTLY_ONCE = 2
} braid_consumer_mode;

/** A record polled from an object stream: size bytes at data (malloc'd; free with braid_records_free). */
typedef struct braid_record {
    void *data;
    size_t size;
} braid_record;

typedef struct braid_object_stream braid_object_stream;
typedef struct braid_file_stream braid_file_stream;

/*
 * Streams need a stream server: the one of the run braid_on started, or, without braid_on, the
 * one BRAID_STREAM_SERVER (and BRAID_STREAM_SECRET_FILE) name, as for any process outside a run.
 */

/**
 * A new object stream, or (alias not NULL) the stream named alias, created with mode if no
 * stream has that alias yet; an existing stream keeps its creator's mode. Elements are byte
 * strings: a Java or Python task sees each as a byte[] / bytes.
 */
BRAID_API braid_status braid_object_stream_new(const char *alias, braid_consumer_mode mode, braid_object_stream **stream);

/** Publishes size bytes as one record; this handle becomes a writer of the stream. */
BRAID_API braid_status braid_object_stream_publish(braid_object_stream *stream, const void *data, size_t size);

/** Publishes count records in one call. */
BRAID_API braid_status braid_object_stream_publish_all(braid_object_stream *stream, const braid_record *records, size_t count);

/**
 * Takes the records available to this reader: timeout_ms <= 0 returns at once (possibly none);
 * else waits up to timeout_ms for at least one. Once braid_object_stream_is_closed says closed,
 * the next poll returns everything still unread. *records is NULL when *count is 0.
 */
BRAID_API braid_status braid_object_stream_poll(braid_object_stream *stream, long timeout_ms, braid_record **records,
                                      size_t *count);

/** This handle stops writing; the stream is closed for its readers when every writer has closed it. */
BRAID_API braid_status braid_object_stream_close(braid_object_stream *stream);

/** *closed = 1 once every writer of the stream has closed it, else 0. */
BRAID_API braid_status braid_object_stream_is_closed(braid_object_stream *stream, int *closed);

/** The stream's id (assigned by the server), alias (NULL if none), consumer mode (the creator's). */
BRAID_API braid_status braid_object_stream_id(const braid_object_stream *stream, const char **id);
BRAID_API braid_status braid_object_stream_alias(const braid_object_stream *stream, const char **alias);
BRAID_API braid_status braid_object_stream_mode(const braid_object_stream *stream, braid_consumer_mode *mode);

/** Releases the handle (the stream lives on for its other handles; close first to stop writing). */
BRAID_API void braid_object_stream_free(braid_object_stream *stream);

/** Frees what braid_object_stream_poll returned. */
BRAID_API void braid_records_free(braid_record *records, size_t count);

/**
 * A new file stream on base_dir (created if missing), or the one named alias. Every complete file
 * written into the directory is published; readers get absolute paths.
 */
BRAID_API braid_status braid_file_stream_new(const char *alias, const char *base_dir, braid_consumer_mode mode,
                                   braid_file_stream **stream);

/** Publishes a file of the base directory (written, or being written); this handle becomes a writer. */
BRAID_API braid_status braid_file_stream_publish(braid_file_stream *stream, const char *path);

/** New files' absolute paths (malloc'd; free with braid_paths_free); timeout as braid_object_stream_poll. */
BRAID_API braid_status braid_file_stream_poll(braid_file_stream *stream, long timeout_ms, char ***paths, size_t *count);

BRAID_API braid_status braid_file_stream_close(braid_file_stream *stream);
BRAID_API braid_status braid_file_stream_is_closed(braid_file_stream *stream, int *closed);
BRAID_API braid_status braid_file_stream_id(const braid_file_stream *stream, const char **id);
BRAID_API braid_status braid_file_stream_alias(const braid_file_stream *stream, const char **alias);
BRAID_API braid_status braid_file_stream_mode(const braid_file_stream *stream, braid_consumer_mode *mode);
/** The absolute base directory (the creator's, when attached by alias). */
BRAID_API braid_status braid_file_stream_base_dir(const braid_file_stream *stream, const char **dir);
BRAID_API void braid_file_stream_free(braid_file_stream *stream);
BRAID_API void braid_paths_free(char **paths, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* BRAID_H */
