/*
 * braid_tasks.h without a run: defining and calling a task is BRAID_ERR_STATE with one line naming
 * the task (never a made-up result); NULLs are BRAID_ERR_ARGUMENT; the synchronisation calls work
 * on variables and files no task writes. No JVM is started.
 */
#include "braid_tasks.h"
#include "check.h"

static const braid_param params[] = {{"a", BRAID_T_INT, BRAID_IN, NULL}, {"r", BRAID_T_DOUBLE, BRAID_OUT, NULL}};
static const braid_task_function fn = {"f", BRAID_T_INT, NULL, 2, params, NULL};

int main(void) {
    const char *tmp = getenv("BRAID_TEST_TMP");
    CHECK(tmp != NULL);
    int a = 1, ret = 42;
    double r = 7;
    braid_task_arg args[2] = {{&a}, {&r}};

    FAILS(braid_task_define("Iface", &fn), BRAID_ERR_STATE,
          "braid_task_define: task f: the runtime is not on (call braid_on first)");
    FAILS(braid_task_call(&fn, args, &ret), BRAID_ERR_STATE,
          "braid_task_call: task f is not defined in this run (braid_task_define first)");
    CHECK(ret == 42 && r == 7); /* nothing written */
    CHECK(strcmp(braid_status_name(BRAID_ERR_UNSUPPORTED), "BRAID_ERR_UNSUPPORTED") == 0);

    FAILS(braid_task_define(NULL, &fn), BRAID_ERR_ARGUMENT, "must not be NULL");
    FAILS(braid_task_call(NULL, args, &ret), BRAID_ERR_ARGUMENT, "must not be NULL");
    FAILS(braid_task_call(&fn, NULL, &ret), BRAID_ERR_ARGUMENT, "must not be NULL");
    FAILS(braid_task_call(&fn, args, NULL), BRAID_ERR_ARGUMENT, "f returns a value: ret must not be NULL");
    FAILS(braid_wait_on(NULL), BRAID_ERR_ARGUMENT, "braid_wait_on: address must not be NULL");
    FAILS(braid_wait_on_file(NULL), BRAID_ERR_ARGUMENT, "braid_wait_on_file: path must not be NULL");
    OK(braid_wait_on(&r));

    char path[4096];
    snprintf(path, sizeof path, "%s/tasks-api.txt", tmp);
    FILE *f = NULL;
    OK(braid_fopen(path, "w", &f));
    fputs("written", f);
    fclose(f);
    OK(braid_wait_on_file(path));
    OK(braid_fopen(path, "r", &f));
    char buf[16] = {0};
    CHECK(fgets(buf, sizeof buf, f) != NULL && strcmp(buf, "written") == 0);
    fclose(f);
    FAILS(braid_fopen("/nonexistent/dir/x", "r", &f), BRAID_ERR_RUNTIME, "braid_fopen: /nonexistent/dir/x: No such file");
    FAILS(braid_fopen(path, NULL, &f), BRAID_ERR_ARGUMENT, "must not be NULL");
    return 0;
}
