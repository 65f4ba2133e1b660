/* A block of doubles: a user type the application serialises itself (simple-functions.c). */
#ifndef BLOCK_H
#define BLOCK_H
typedef struct Block {
    int n;
    double *values;
} Block;
#endif
