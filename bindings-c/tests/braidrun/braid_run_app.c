/*
 * A C main program for braid-run --lang=c (braid_run_c.sh). argv[1]:
 *   exit N: braid_on, prints its arguments and the log directory, braid_off, exits with N;
 *   wait FILE: braid_on, writes its pid to FILE, then sleeps until a signal ends it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "braid.h"

int main(int argc, char **argv) {
    if (braid_on() != BRAID_OK) {
        fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        return 1;
    }
    if (argc > 2 && strcmp(argv[1], "wait") == 0) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp", argv[2]);
        FILE *f = fopen(tmp, "w");
        fprintf(f, "%ld\n", (long)getpid());
        fclose(f);
        rename(tmp, argv[2]); /* whole, or not there */
        for (;;) {
            pause();
        }
    }
    const char *dir = NULL;
    braid_log_dir(&dir);
    printf("args:");
    for (int i = 1; i < argc; i++) {
        printf(" [%s]", argv[i]);
    }
    printf("\nlog dir: %s\n", dir);
    fprintf(stderr, "to stderr\n");
    fflush(stdout);
    if (braid_off() != BRAID_OK) {
        fprintf(stderr, "[braid] ERROR: %s\n", braid_last_error());
        return 1;
    }
    return argc > 2 ? atoi(argv[2]) : 0;
}
