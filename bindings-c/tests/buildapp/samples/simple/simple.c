/* A C main program: tasks on a user type, then the synchronised value. */
#include <compss.h>
#include <stdio.h>

#include "simple.h"

int main(void) {
    Block b = {0, NULL};
    compss_on();
    fill(&b, 4, 1.5);
    scale(&b, 2.0);
    double total = sum(&b);
    printf("sum: %g\n", total);
    compss_off();
    return 0;
}
