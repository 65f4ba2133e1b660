/*
 * The C side of c_task_streams_java: a C main program whose C tasks (streams.idl) publish on an
 * object stream ("c-sim-records": 30 records of 24 bytes and 2 of 1 MiB) and write files into a
 * file stream ("c-sim-files": 6 files in argv[1]), which Java tasks of another Braid run read at
 * the same time (c_to_java.sh: a shared standalone stream server).
 */
#include <stdio.h>

#include "check.h"
#include "streams.h"

int main(int argc, char **argv) {
    CHECK(argc == 2);
    OK(braid_on());
    braid_object_stream *records;
    braid_file_stream *files;
    OK(braid_object_stream_new("c-sim-records", BRAID_AT_LEAST_ONCE, &records));
    OK(braid_file_stream_new("c-sim-files", argv[1], BRAID_AT_LEAST_ONCE, &files));
    produce(records, 30, 24);
    produce(records, 2, 1 << 20);
    produce_files(files, 6);
    OK(braid_off());
    braid_object_stream_free(records);
    braid_file_stream_free(files);
    printf("c simulation: published\n");
    return 0;
}
