/* C functions the cfunctions test application calls as tasks (@CFunction), one per case. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

void noop(void) {
}

/* Every basic type in, one out: the test checks each argument arrived intact. */
double mix(double d, float f, int64_t l, int32_t i, int16_t s, int8_t b, char c, bool flag) {
    return d + (double) f + (double) l + (double) i + (double) s + (double) b + (double) c + (flag ? 1000000.0 : 0.0);
}

bool is_positive(int32_t x) {
    return x > 0;
}

char upper(char c) {
    return (c >= 'a' && c <= 'z') ? (char) (c - 'a' + 'A') : c;
}

int64_t sum_bytes(const uint8_t *buf, int32_t n) {
    int64_t s = 0;
    for (int32_t k = 0; k < n; k++) {
        s += buf[k];
    }
    return s;
}

void fill_bytes(uint8_t *buf, int32_t n, int8_t start) {
    for (int32_t k = 0; k < n; k++) {
        buf[k] = (uint8_t) (start + k);
    }
}

int32_t reverse_bytes(uint8_t *buf, int32_t n) {
    for (int32_t a = 0, z = n - 1; a < z; a++, z--) {
        uint8_t t = buf[a];
        buf[a] = buf[z];
        buf[z] = t;
    }
    return n;
}

/* Bytes of a UTF-8 string (the test passes non-ASCII text). */
int32_t utf8_length(const char *s) {
    return s == NULL ? -1 : (int32_t) strlen(s);
}

/* Writes text into a FILE OUT parameter; prints to stdout, which must not disturb the protocol. */
int32_t write_text(const char *path, const char *text, int32_t times) {
    printf("write_text: writing %s\n", path);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return -1;
    }
    for (int32_t k = 0; k < times; k++) {
        fprintf(f, "%s\n", text);
    }
    fclose(f);
    return times;
}

/* Lines of a FILE IN parameter. */
int32_t count_lines(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    int32_t n = 0;
    for (int ch; (ch = fgetc(f)) != EOF; ) {
        n += ch == '\n';
    }
    fclose(f);
    return n;
}

/* Records the attempt in the file at attempts_path, then dereferences NULL. */
int32_t crash(const char *attempts_path) {
    FILE *f = fopen(attempts_path, "a");
    if (f != NULL) {
        fputs("attempt\n", f);
        fclose(f);
    }
    volatile int *nowhere = NULL;
    return *nowhere;
}

/* Records the attempt, then aborts (SIGABRT, which the host JVM does not catch). */
int32_t abort_now(const char *attempts_path) {
    FILE *f = fopen(attempts_path, "a");
    if (f != NULL) {
        fputs("attempt\n", f);
        fclose(f);
    }
    abort();
}
