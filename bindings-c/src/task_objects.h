/*
 * The objects of a C main program's tasks, by the address of the caller's variable: the object
 * id libbraid chose for it, the type last passed there, and whether the main program holds the
 * newest value (it waited on it, or it gave the value itself) or a task is still to write it.
 * Not locked: tasks.c holds its lock around every use.
 */
#ifndef BRAID_TASK_OBJECTS_H
#define BRAID_TASK_OBJECTS_H

#include "braid_tasks.h"

typedef struct braid_tracked {
    const void *address; /* the caller's variable */
    long long id;        /* the ForeignTasks object id */
    unsigned char type;  /* braid_type of the last task parameter at this address */
    const braid_user_type *ut;
    int synced;          /* the main program holds the newest value */
} braid_tracked;

/* The entry of address, or NULL. */
braid_tracked *braid_objects_find(const void *address);

/* Adds or replaces the entry of t->address; 0, or -1 out of memory. */
int braid_objects_put(const braid_tracked *t);

/* Forgets the entry of address (none: nothing). */
void braid_objects_remove(const void *address);

/* Forgets every entry (a new run: ids of the old one mean nothing). */
void braid_objects_clear(void);

#endif
