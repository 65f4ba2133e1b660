/* The address -> object table: open addressing (linear probing), power-of-two sizes; removal shifts back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "task_objects.h"

static braid_tracked *slots;
static size_t capacity; /* 0 or a power of two */
static size_t used;

static size_t slot_of(const void *address, size_t cap) {
    uintptr_t h = (uintptr_t)address;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    size_t i = (size_t)h & (cap - 1);
    while (slots[i].address != NULL && slots[i].address != address) {
        i = (i + 1) & (cap - 1);
    }
    return i;
}

braid_tracked *braid_objects_find(const void *address) {
    if (capacity == 0 || address == NULL) {
        return NULL;
    }
    braid_tracked *t = &slots[slot_of(address, capacity)];
    return t->address == address ? t : NULL;
}

static int grow(void) {
    size_t cap = capacity ? capacity * 2 : 64;
    braid_tracked *old = slots;
    size_t old_cap = capacity;
    slots = calloc(cap, sizeof *slots);
    if (slots == NULL) {
        slots = old;
        return -1;
    }
    capacity = cap;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].address != NULL) {
            slots[slot_of(old[i].address, cap)] = old[i];
        }
    }
    free(old);
    return 0;
}

int braid_objects_put(const braid_tracked *t) {
    if ((used + 1) * 4 > capacity * 3 && grow() != 0) { /* at most 3/4 full */
        return -1;
    }
    braid_tracked *slot = &slots[slot_of(t->address, capacity)];
    if (slot->address == NULL) {
        used++;
    }
    *slot = *t;
    return 0;
}

void braid_objects_remove(const void *address) {
    braid_tracked *t = braid_objects_find(address);
    if (t == NULL) {
        return;
    }
    size_t hole = (size_t)(t - slots);
    slots[hole].address = NULL;
    used--;
    /* Backward shift: an entry after the hole moves into it unless its home slot lies between them. */
    for (size_t i = (hole + 1) & (capacity - 1); slots[i].address != NULL; i = (i + 1) & (capacity - 1)) {
        braid_tracked moved = slots[i];
        slots[i].address = NULL;
        slots[slot_of(moved.address, capacity)] = moved;
    }
}

void braid_objects_clear(void) {
    free(slots);
    slots = NULL;
    capacity = 0;
    used = 0;
}
