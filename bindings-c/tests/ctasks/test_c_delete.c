/*
 * compss_delete_file / compss_delete_object (and braid_delete_file / braid_delete_object) from a
 * C main program with C tasks (cworker/tasks.idl on a local worker): a deleted file is gone once
 * its tasks have ended, and the runtime does not bring back its old version when a new file of
 * that name is written; a deleted variable keeps its value and goes to the next task as a new
 * object. Also without a run: the file is removed, an unknown variable is no error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <compss.h>

#include "check.h"
#include "tasks.h"

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    CHECK(f != NULL && fputs(text, f) >= 0 && fclose(f) == 0);
}

static int read_int(const char *path) {
    FILE *f = compss_fopen(path, "r");
    int n = -1;
    CHECK(fscanf(f, "%d", &n) == 1);
    fclose(f);
    return n;
}

int main(void) {
    const char *tmp = getenv("BRAID_TEST_TMP");
    CHECK(tmp != NULL);
    char counter[512], target[512], loose[512];
    snprintf(counter, sizeof counter, "%s/delete-counter.txt", tmp);
    snprintf(target, sizeof target, "%s/delete-target.txt", tmp);
    snprintf(loose, sizeof loose, "%s/delete-loose.txt", tmp);

    /* No run: the file is removed; a missing one and an unknown variable are no error. */
    write_file(loose, "x\n");
    compss_delete_file(loose);
    CHECK(access(loose, F_OK) != 0);
    compss_delete_file(loose);
    int never = 7;
    compss_delete_object(never);
    CHECK(never == 7);

    write_file(counter, "0\n");
    compss_on();

    /* Two tasks update the file; the delete waits for them, then the file is gone. */
    increment(counter);
    increment(counter);
    compss_delete_file(counter);
    CHECK(access(counter, F_OK) != 0);
    /* A new file of that name is the main program's: the next task reads it, not the deleted version. */
    write_file(counter, "40\n");
    increment(counter);
    CHECK(read_int(counter) == 41);

    /* An OUT File a task writes, deleted without waiting on it first. */
    write_text("gone", target);
    OK(braid_delete_file(target));
    CHECK(access(target, F_OK) != 0);

    /* A deleted variable: the runtime forgets it; the main program's value goes to the next task. */
    double x = 1.5;
    long truncated = 0;
    scale(&x, 2.0, &truncated);
    compss_wait_on(x);
    CHECK(x == 3.0);
    compss_delete_object(x);
    compss_delete_object(truncated); /* its task has ended (the wait on x): never waited on */
    x = 10.0;
    scale(&x, 3.0, &truncated);
    compss_wait_on(x);
    compss_wait_on(truncated);
    CHECK(x == 30.0 && truncated == 30);
    /* Deleted while its task may still run: the variable keeps its value, waiting on it returns at once. */
    scale(&x, 2.0, &truncated);
    OK(braid_delete_object(&x));
    OK(braid_wait_on(&x));
    CHECK(x == 30.0);
    x = 0.5;
    scale(&x, 2.0, &truncated);
    compss_wait_on(x);
    CHECK(x == 1.0);

    compss_off();
    printf("c delete: ok\n");
    return 0;
}
