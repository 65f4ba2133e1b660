/*
 * braid_on starts the master and a local worker, braid_barrier and braid_off work, a second run
 * follows the first in the same process (and the same JVM), and calls out of order are refused.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static void is_dir(const char *path) {
    struct stat st;
    CHECK(stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

int main(void) {
    const char *dir = NULL;
    FAILS(braid_barrier(), BRAID_ERR_STATE, "braid_barrier: the runtime is not on");
    FAILS(braid_off(), BRAID_ERR_STATE, "braid_off: the runtime is not on");
    FAILS(braid_log_dir(&dir), BRAID_ERR_STATE, "not on");

    /* First run: options from BRAID_RUN_OPTIONS (set by ctest: the log dir under the build). */
    OK(braid_on());
    OK(braid_log_dir(&dir));
    printf("first run's log dir: %s\n", dir);
    is_dir(dir);
    CHECK(strstr(dir, "/test_on_off_") != NULL); /* named after this executable */
    char log[4096];
    snprintf(log, sizeof log, "%s/runtime.log", dir);
    CHECK(access(log, R_OK) == 0);
    FAILS(braid_on(), BRAID_ERR_STATE, "already on");
    OK(braid_barrier());
    OK(braid_barrier());
    OK(braid_off());
    FAILS(braid_off(), BRAID_ERR_STATE, "not on");

    /* Second run, its options given, named by the caller. */
    const char *options = getenv("BRAID_RUN_OPTIONS");
    char with_level[4096];
    snprintf(with_level, sizeof with_level, "%s --log_level=info --summary", options ? options : "");
    OK(braid_on_options(with_level, "second run"));
    OK(braid_log_dir(&dir));
    printf("second run's log dir: %s\n", dir);
    CHECK(strstr(dir, "/second_run_") != NULL);
    is_dir(dir);
    OK(braid_barrier());
    OK(braid_off());
    printf("on/off: ok\n");
    return 0;
}
