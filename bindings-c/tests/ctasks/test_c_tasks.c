/*
 * C tasks from a C main: the stubs braid-c-buildapp generated from cworker/tasks.idl, run through
 * braid_on on a local worker by braid-c-worker (libtasks-worker.so, BRAID_C_WORKER_LIBRARY).
 * Every parameter kind: in/out/inout basic values, strings, Files, user types, returns; chains
 * through a variable without waiting (dependencies), braid_wait_on, braid_fopen, the barrier, and
 * a variable the main program changes after waiting on it (its new value goes to the next task).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tasks.h"

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    CHECK(f != NULL && fputs(text, f) >= 0 && fclose(f) == 0);
}

static void expect_file(const char *path, const char *text) {
    FILE *f = NULL;
    OK(braid_fopen(path, "r", &f));
    char line[256] = "";
    CHECK(fgets(line, sizeof line, f) != NULL);
    fclose(f);
    if (strcmp(line, text) != 0) {
        fprintf(stderr, "%s holds '%s', expected '%s'\n", path, line, text);
        exit(1);
    }
}

int main(void) {
    const char *tmp = getenv("BRAID_TEST_TMP");
    CHECK(tmp != NULL);
    char counter[512], target[512];
    snprintf(counter, sizeof counter, "%s/ctasks-counter.txt", tmp);
    snprintf(target, sizeof target, "%s/ctasks-target.txt", tmp);
    write_file(counter, "0\n");
    remove(target);

    OK(braid_on());

    /* A return: the stub gives the value, so the call waits for it. */
    CHECK(add(2, 3) == 5);

    /* inout double, out long, twice in a row through the same variables: the second reads the first's x. */
    double x = 1.5;
    long truncated = 0;
    scale(&x, 2.0, &truncated);
    scale(&x, 2.0, &truncated);
    OK(braid_wait_on(&x));
    OK(braid_wait_on(&truncated));
    CHECK(x == 6.0 && truncated == 6);
    /* Changed after the wait: the main program's new value goes to the next task. */
    x = 1.25;
    scale(&x, 4.0, &truncated);
    OK(braid_wait_on(&truncated));
    OK(braid_wait_on(&x));
    CHECK(x == 5.0 && truncated == 5);

    /* Every basic IN type, unsigned included. */
    long sum = 0;
    kinds('a', 2, 1, 0.5f, 10u, &sum);
    OK(braid_wait_on(&sum));
    CHECK(sum == 97 + 2 + 1 + 2 + 10);

    /* Strings: in, inout, out and a return. */
    char *log = "start;";
    char *shout = NULL;
    char *hello = greet("ann", &log, &shout);
    CHECK(strcmp(hello, "hello, ann") == 0);
    greet("bob", &log, &shout); /* log: the first call's, without waiting */
    OK(braid_wait_on(&log));
    OK(braid_wait_on(&shout));
    CHECK(strcmp(log, "start;ann;bob;") == 0);
    CHECK(strcmp(shout, "BOB!") == 0);
    free(hello);
    free(log);
    free(shout);

    /* Files: out, inout three times in a chain, read back with braid_fopen. */
    write_text("written by a C task", target);
    expect_file(target, "written by a C task");
    for (int i = 0; i < 3; i++) {
        increment(counter);
    }
    expect_file(counter, "3\n");

    /* A user type: in, inout, out and a return; r passed on without waiting on it. */
    Point p = {1, 2, "p"};
    Point q = {10, 0, strdup("q")};
    Point r = {0, 0, NULL}, r2 = {0, 0, NULL};
    Point twice = move(&p, &q, &r, 1.0);
    CHECK(twice.x == 2 && twice.y == 4 && strcmp(twice.label, "twice p") == 0);
    Point again = move(&r, &q, &r2, 1.0);
    CHECK(again.x == 4 && again.y == 4 && strcmp(again.label, "twice p->r") == 0);
    OK(braid_wait_on(&q));
    OK(braid_wait_on(&r2));
    OK(braid_wait_on(&r));
    CHECK(q.x == 12 && strcmp(q.label, "q+moved+moved") == 0);
    CHECK(r.x == 2 && r.y == 2 && strcmp(r.label, "p->r") == 0);
    CHECK(r2.x == 3 && r2.y == 2 && strcmp(r2.label, "p->r->r") == 0);
    Point_release(&twice);
    Point_release(&again);

    for (int i = 0; i < 20; i++) {
        noop();
    }
    OK(braid_barrier());
    OK(braid_off());
    printf("c tasks: ok\n");
    return 0;
}
