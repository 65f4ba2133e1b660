#include "noop.h"

void noop(void) {}

void chain_step(long *x) {
    *x += 1;
}
