#include <stdlib.h>
#include <string.h>

#include "simple.h"

void fill(Block *b, int n, double value) {
    b->n = n;
    b->values = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) b->values[i] = value;
}

void scale(Block *b, double factor) {
    for (int i = 0; i < b->n; i++) b->values[i] *= factor;
}

double sum(Block *b) {
    double s = 0;
    for (int i = 0; i < b->n; i++) s += b->values[i];
    return s;
}
