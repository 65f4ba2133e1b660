/* A user type of the test application: serialised by Point_serialize (tasks-functions.c). */
#ifndef POINT_H
#define POINT_H
typedef struct Point {
    double x, y;
    char *label; /* malloc'd: Point_release frees it */
} Point;
#endif
