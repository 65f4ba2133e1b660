/* Point's serialise functions: linked into the worker library and the master programs (they send Points). */
#include <stdlib.h>
#include <string.h>

#include "tasks.h"

/* Point on the wire: x, y as 8-byte IEEE (host order is fine: both ends are this code), then the label. */
int Point_serialize(const Point *value, void **data, size_t *size) {
    size_t n = value->label ? strlen(value->label) : 0;
    unsigned char *b = malloc(16 + n);
    memcpy(b, &value->x, 8);
    memcpy(b + 8, &value->y, 8);
    if (n) memcpy(b + 16, value->label, n);
    *data = b;
    *size = 16 + n;
    return 0;
}

int Point_deserialize(const void *data, size_t size, Point *value) {
    if (size < 16) return 7;
    memcpy(&value->x, data, 8);
    memcpy(&value->y, (const char *)data + 8, 8);
    value->label = malloc(size - 16 + 1);
    memcpy(value->label, (const char *)data + 16, size - 16);
    value->label[size - 16] = '\0';
    return 0;
}

void Point_release(Point *value) {
    free(value->label);
    value->label = NULL;
}
