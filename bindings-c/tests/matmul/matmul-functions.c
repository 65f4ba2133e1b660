/* The tasks of matmul.idl: blocks are files of size x size doubles (row-major, this host's layout). */
#include <stdio.h>
#include <stdlib.h>

#include "matmul.h"
#include "matmul-values.h"

static double *read_block(const char *path, int size) {
    double *m = malloc(sizeof(double) * (size_t)size * (size_t)size);
    FILE *f = fopen(path, "rb");
    if (m == NULL || f == NULL || fread(m, sizeof(double), (size_t)size * (size_t)size, f) != (size_t)size * (size_t)size) {
        fprintf(stderr, "matmul: cannot read block %s\n", path);
        abort(); /* the task fails (and is retried) rather than computing with garbage */
    }
    fclose(f);
    return m;
}

static void write_block(const char *path, const double *m, int size) {
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(m, sizeof(double), (size_t)size * (size_t)size, f) != (size_t)size * (size_t)size
        || fclose(f) != 0) {
        fprintf(stderr, "matmul: cannot write block %s\n", path);
        abort();
    }
}

void init_block(file block, int size, int row, int col, char which) {
    double *m = malloc(sizeof(double) * (size_t)size * (size_t)size);
    for (int i = 0; i < size; i++) {
        for (int j = 0; j < size; j++) {
            m[i * size + j] = matmul_element(which, row * size + i, col * size + j);
        }
    }
    write_block(block, m, size);
    free(m);
}

void multiply_accumulate(file a, file b, file c, int size) {
    double *ma = read_block(a, size), *mb = read_block(b, size), *mc = read_block(c, size);
    for (int i = 0; i < size; i++) {
        for (int k = 0; k < size; k++) {
            double x = ma[i * size + k];
            for (int j = 0; j < size; j++) {
                mc[i * size + j] += x * mb[k * size + j];
            }
        }
    }
    write_block(c, mc, size);
    free(ma);
    free(mb);
    free(mc);
}

void block_sum(file block, int size, double *sum) {
    double *m = read_block(block, size);
    double s = 0;
    for (int i = 0; i < size * size; i++) {
        s += m[i];
    }
    *sum = s;
    free(m);
}
