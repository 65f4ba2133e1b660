/*
 * A COMPSs-style C main: C = A x B by blocks, one task per block product, the blocks as files.
 * matmul N M [DIR]: N x N blocks of M x M. Checks every element of C against the product computed
 * here without tasks, and the tasks' block sums against the main program's, then prints one line.
 */
#include <compss.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "matmul.h"
#include "matmul-values.h"

static char *block_path(const char *dir, char which, int i, int j) {
    char *p = malloc(strlen(dir) + 32);
    sprintf(p, "%s/%c_%d_%d.bin", dir, which, i, j);
    return p;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2;
    int m = argc > 2 ? atoi(argv[2]) : 4;
    const char *dir = argc > 3 ? argv[3] : "matmul-blocks";
    mkdir(dir, 0755);
    char **a = malloc(sizeof(char *) * n * n), **b = malloc(sizeof(char *) * n * n), **c = malloc(sizeof(char *) * n * n);
    double *sums = calloc((size_t)n * n, sizeof(double));

    compss_on();
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            a[i * n + j] = block_path(dir, 'A', i, j);
            b[i * n + j] = block_path(dir, 'B', i, j);
            c[i * n + j] = block_path(dir, 'C', i, j);
            init_block(a[i * n + j], m, i, j, 'A');
            init_block(b[i * n + j], m, i, j, 'B');
            init_block(c[i * n + j], m, i, j, 'C');
        }
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < n; k++) {
                multiply_accumulate(a[i * n + k], b[k * n + j], c[i * n + j], m);
            }
            block_sum(c[i * n + j], m, &sums[i * n + j]);
        }
    }
    compss_barrier();

    int size = n * m;
    long wrong = 0;
    double total = 0;
    double *row = malloc(sizeof(double) * m);
    for (int bi = 0; bi < n; bi++) {
        for (int bj = 0; bj < n; bj++) {
            FILE *f = compss_fopen(c[bi * n + bj], "rb");
            double block_total = 0;
            for (int i = 0; i < m; i++) {
                if (fread(row, sizeof(double), m, f) != (size_t)m) {
                    fprintf(stderr, "matmul: %s is short\n", c[bi * n + bj]);
                    return 1;
                }
                for (int j = 0; j < m; j++) {
                    int gi = bi * m + i, gj = bj * m + j;
                    double expected = 0;
                    for (int k = 0; k < size; k++) {
                        expected += matmul_element('A', gi, k) * matmul_element('B', k, gj);
                    }
                    wrong += row[j] != expected;
                    block_total += row[j];
                }
            }
            fclose(f);
            compss_wait_on(sums[bi * n + bj]);
            wrong += sums[bi * n + bj] != block_total;
            total += block_total;
        }
    }
    compss_off();
    printf("matmul %dx%d blocks of %dx%d: %s, sum %.0f\n", n, n, m, m, wrong ? "WRONG" : "right", total);
    return wrong != 0;
}
