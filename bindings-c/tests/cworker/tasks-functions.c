/* The test application's task functions (tasks.idl); Point's serialise functions are in point.c. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tasks.h"

void increment(file counter) {
    FILE *f = fopen(counter, "r");
    int n = 0;
    if (f) {
        if (fscanf(f, "%d", &n) != 1) n = 0;
        fclose(f);
    }
    f = fopen(counter, "w");
    fprintf(f, "%d\n", n + 1);
    fclose(f);
}

int add(int a, int b) {
    printf("add on stdout: %d + %d\n", a, b); /* must not reach the protocol */
    return a + b;
}

void scale(double *x, double factor, long *truncated) {
    *x *= factor;
    *truncated = (long)*x;
}

void kinds(char c, short s, int b, float f, unsigned int u, long *sum) {
    *sum = (long)c + (long)s + (long)b + (long)(f * 4) + (long)u;
}

char *greet(char *name, char **log, char **shout) {
    size_t n = strlen(name);
    char *up = malloc(n + 2);
    for (size_t i = 0; i < n; i++) up[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
    up[n] = '!';
    up[n + 1] = '\0';
    *shout = up;
    char *l = malloc(strlen(*log) + n + 2);
    sprintf(l, "%s%s;", *log, name);
    free(*log);
    *log = l;
    char *r = malloc(n + 8);
    sprintf(r, "hello, %s", name);
    fprintf(stdout, "greet printed this\n");
    return r;
}

void write_text(char *text, file target) {
    FILE *f = fopen(target, "w");
    fputs(text, f);
    fclose(f);
}

static char *dup_label(const char *a, const char *b) {
    char *s = malloc(strlen(a) + strlen(b) + 1);
    strcpy(s, a);
    strcat(s, b);
    return s;
}

Point move(Point *p, Point *q, Point *r, double dx) {
    q->x += dx;
    char *l = dup_label(q->label, "+moved");
    free(q->label);
    q->label = l;
    r->x = p->x + dx;
    r->y = p->y;
    r->label = dup_label(p->label, "->r");
    Point ret = {p->x * 2, p->y * 2, dup_label("twice ", p->label)};
    return ret;
}

void crash(int how) {
    if (how == 0) {
        volatile int *nothing = NULL;
        *nothing = 1;
    }
    abort();
}

void noop(void) {}
