#include "noop.h"

void noop(void) {}

void step(long *x) {
    *x += 1;
}
