/* Block's serialise functions: linked into the master program and the worker library. */
#include <stdlib.h>
#include <string.h>

#include "simple.h"

/* Block on the wire: n doubles in host order (the worker and the runtime's copies of it are on
   machines of one architecture). */
int Block_serialize(const Block *value, void **data, size_t *size) {
    *size = sizeof(double) * (size_t)value->n;
    *data = malloc(*size ? *size : 1);
    if (*data == NULL) return 1;
    if (*size) memcpy(*data, value->values, *size);
    return 0;
}

int Block_deserialize(const void *data, size_t size, Block *value) {
    if (size % sizeof(double) != 0) return 1;
    value->n = (int)(size / sizeof(double));
    value->values = malloc(size ? size : 1);
    if (value->values == NULL) return 1;
    memcpy(value->values, data, size);
    return 0;
}

void Block_release(Block *value) {
    free(value->values);
    value->values = NULL;
}
