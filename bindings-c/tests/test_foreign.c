/*
 * braid_foreign.h from a C main: Python tasks (real python3 processes on a local worker) defined,
 * submitted and waited on through libbraid. Values cross as pickles this test writes by hand
 * (protocol 2: BINUNICODE, BININT, EMPTY_LIST); results are checked through the text the tasks
 * return (a pickled str holds its UTF-8 verbatim) and the files they write.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "braid_foreign.h"
#include "check.h"

static const char *TASKS =
    "def text(prefix, n):\n"
    "    return '%s-%d' % (prefix, n)\n"
    "def concat(a, b):\n"
    "    return a + b\n"
    "def append(items, v):\n"
    "    items.append(v)\n"
    "def show(items):\n"
    "    return 'items=%r' % (items,)\n"
    "def write(path, text):\n"
    "    with open(path, 'w') as f:\n"
    "        f.write(text)\n"
    "def read(path):\n"
    "    with open(path) as f:\n"
    "        return 'read:' + f.read()\n"
    "def total(items):\n"
    "    return 'total=%d' % sum(items)\n";

/* A pickle (protocol 2) of a str. */
static size_t pickle_str(unsigned char *out, const char *s) {
    uint32_t n = (uint32_t)strlen(s);
    size_t k = 0;
    out[k++] = 0x80;
    out[k++] = 2;
    out[k++] = 'X';
    memcpy(out + k, &n, 4); /* little-endian, as this test's hosts are */
    k += 4;
    memcpy(out + k, s, n);
    k += n;
    out[k++] = '.';
    return k;
}

static size_t pickle_int(unsigned char *out, int32_t v) {
    out[0] = 0x80;
    out[1] = 2;
    out[2] = 'J';
    memcpy(out + 3, &v, 4);
    out[7] = '.';
    return 8;
}

/* The object's pickle holds text. */
static void expect_text(long long id, const char *text) {
    void *data;
    size_t size;
    OK(braid_foreign_wait_on(id, &data, &size));
    if (memmem(data, size, text, strlen(text)) == NULL) {
        fprintf(stderr, "object %lld: its pickle (%zu bytes) lacks '%s'\n", id, size, text);
        exit(1);
    }
    printf("object %lld holds '%s'\n", id, text);
    braid_foreign_free(data);
}

static int define(const char *location, const char *function, int nparams, const char *const *params, int returns) {
    int id = -1;
    OK(braid_foreign_define("python", "ctasks", function, location, params, nparams, returns, NULL, 0, 0, 0, NULL, 0,
                            &id));
    return id;
}

int main(void) {
    int t;
    /* Before braid_on: no JVM is started for it, one line says what to do. */
    FAILS(braid_foreign_define("python", "m", "f", NULL, NULL, 0, 0, NULL, 0, 0, 0, NULL, 0, &t), BRAID_ERR_STATE,
          "braid_foreign_define: the runtime is not on (call braid_on first)");

    char dir[512];
    const char *tmp = getenv("BRAID_TEST_TMP");
    snprintf(dir, sizeof dir, "%s/foreign-XXXXXX", tmp ? tmp : "/tmp");
    CHECK(mkdtemp(dir) != NULL);
    char path[600];
    snprintf(path, sizeof path, "%s/ctasks.py", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL && fputs(TASKS, f) >= 0 && fclose(f) == 0);

    OK(braid_on());

    const char *in2[] = {"IN VALUE", "IN VALUE"};
    const char *concat_p[] = {"IN OBJECT", "IN VALUE"};
    const char *append_p[] = {"INOUT OBJECT", "IN VALUE"};
    const char *show_p[] = {"IN OBJECT"};
    const char *write_p[] = {"FILE_OUT", "IN OBJECT"};
    const char *read_p[] = {"FILE_IN"};
    const char *total_p[] = {"IN COLLECTION"};
    int text = define(dir, "text", 2, in2, 1);
    int concat = define(dir, "concat", 2, concat_p, 1);
    int append = define(dir, "append", 2, append_p, 0);
    int show = define(dir, "show", 1, show_p, 1);
    int write = define(dir, "write", 2, write_p, 0);
    int read = define(dir, "read", 1, read_p, 1);
    int total = define(dir, "total", 1, total_p, 1);

    /* A chain through objects: text -> concat -> write (file) -> read. */
    unsigned char a[64], b[64], c[64];
    size_t sa = pickle_str(a, "hello"), sb = pickle_int(b, 5), sc = pickle_str(c, "+more");
    const void *v1[] = {a, b};
    size_t s1[] = {sa, sb};
    long long r1 = 100;
    long long task;
    OK(braid_foreign_submit(text, NULL, v1, s1, NULL, &r1, 1, NULL, NULL, NULL, NULL, &task));
    CHECK(task > 0);
    long long ids2[] = {100, 0};
    const void *v2[] = {NULL, c};
    size_t s2[] = {0, sc};
    long long r2 = 101;
    OK(braid_foreign_submit(concat, ids2, v2, s2, NULL, &r2, 1, NULL, NULL, NULL, NULL, NULL));
    char out_path[600];
    snprintf(out_path, sizeof out_path, "%s/out.txt", dir);
    const char *files[] = {out_path, (const char *)0x1 /* not a FILE parameter's: never read */};
    long long ids3[] = {0, 101};
    OK(braid_foreign_submit(write, ids3, NULL, NULL, files, NULL, 0, NULL, NULL, NULL, NULL, NULL));
    long long r4 = 102;
    OK(braid_foreign_submit(read, NULL, NULL, NULL, files, &r4, 1, NULL, NULL, NULL, NULL, NULL));
    expect_text(102, "read:hello-5+more");
    expect_text(101, "hello-5+more");
    char *canonical = NULL;
    OK(braid_foreign_wait_on_file(out_path, &canonical));
    CHECK(canonical != NULL);
    f = fopen(canonical, "r");
    char line[64] = "";
    CHECK(f != NULL && fgets(line, sizeof line, f) != NULL);
    fclose(f);
    CHECK(strcmp(line, "hello-5+more") == 0);
    braid_foreign_free(canonical);

    /* INOUT: the main program's list (its bytes given once), appended to twice, in order. */
    unsigned char empty[] = {0x80, 2, ']', '.'};
    unsigned char seven[16], eight[16];
    size_t s7 = pickle_int(seven, 7), s8 = pickle_int(eight, 8);
    long long list[] = {200, 0};
    const void *va[] = {empty, seven};
    size_t sza[] = {sizeof empty, s7};
    OK(braid_foreign_submit(append, list, va, sza, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL));
    const void *vb[] = {NULL, eight};
    size_t szb[] = {0, s8};
    OK(braid_foreign_open_group("appends"));
    OK(braid_foreign_submit(append, list, vb, szb, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL));
    char *message = (char *)1;
    OK(braid_foreign_close_group("appends", 1, &message));
    CHECK(message == NULL);
    long long r5 = 201;
    OK(braid_foreign_submit(show, list, NULL, NULL, NULL, &r5, 1, NULL, NULL, NULL, NULL, NULL));
    expect_text(201, "items=[7, 8]");

    /* A collection: two objects tasks made and one the main program gives. */
    unsigned char n1[16], n2[16], n3[16];
    size_t z1 = pickle_int(n1, 1), z2 = pickle_int(n2, 2), z3 = pickle_int(n3, 39);
    long long id_list[] = {300, 301, 302};
    const void *el_values[] = {n1, n2, n3};
    size_t el_sizes[] = {z1, z2, z3};
    size_t counts[] = {3};
    const long long *el_ids[] = {id_list};
    const void *const *el_vals[] = {el_values};
    const size_t *el_sz[] = {el_sizes};
    long long r6 = 303;
    OK(braid_foreign_submit(total, NULL, NULL, NULL, NULL, &r6, 1, counts, el_ids, el_vals, el_sz, NULL));
    expect_text(303, "total=42");
    OK(braid_barrier());

    /* Errors: one line naming the culprit. */
    FAILS(braid_foreign_define("ruby", "ctasks", "text", dir, in2, 2, 1, NULL, 0, 0, 0, NULL, 0, &t),
          BRAID_ERR_ARGUMENT, "braid_foreign_define: task ctasks.text: unknown language 'ruby'");
    FAILS(braid_foreign_define("python", "ctasks", "text", dir, in2, 2, 1, NULL, 0, 0, 0, "SOMETIMES", 0, &t),
          BRAID_ERR_ARGUMENT, "onFailure 'SOMETIMES'");
    FAILS(braid_foreign_submit(99, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL), BRAID_ERR_ARGUMENT,
          "braid_foreign_submit: task type 99 was not defined");
    FAILS(braid_foreign_submit(text, NULL, v1, s1, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL), BRAID_ERR_ARGUMENT,
          "0 return ids for 1 returns");
    void *data;
    size_t size;
    FAILS(braid_foreign_wait_on(12345, &data, &size), BRAID_ERR_ARGUMENT,
          "braid_foreign_wait_on: object 12345 was never passed to a task (or was deleted)");
    OK(braid_foreign_delete_object(101));
    FAILS(braid_foreign_wait_on(101, &data, &size), BRAID_ERR_ARGUMENT, "object 101 was never passed");
    /* Several in one call: known ids are forgotten, unknown or deleted ones ignored. */
    long long gone[] = {100, 101, 54321};
    OK(braid_foreign_delete_objects(gone, 3));
    FAILS(braid_foreign_wait_on(100, &data, &size), BRAID_ERR_ARGUMENT, "object 100 was never passed");
    OK(braid_foreign_delete_objects(NULL, 0));
    FAILS(braid_foreign_delete_objects(NULL, 2), BRAID_ERR_ARGUMENT, "braid_foreign_delete_objects: object_ids is NULL");
    FAILS(braid_foreign_close_group("nope", 0, NULL), BRAID_ERR_ARGUMENT, "task group 'nope' is not open");
    OK(braid_foreign_delete_file(out_path));
    CHECK(access(out_path, F_OK) != 0);

    OK(braid_off());
    FAILS(braid_foreign_wait_on(100, &data, &size), BRAID_ERR_STATE, "braid_foreign_wait_on:");
    unlink(path);
    rmdir(dir);
    printf("foreign: ok\n");
    return 0;
}
