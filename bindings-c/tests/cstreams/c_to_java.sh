#!/usr/bin/env bash
# c_to_java.sh REPO C_PROGRAM WORK_DIR
# C tasks publish, Java tasks read: the C main program test_c_streams_java (its C tasks run by
# braid-c-worker) and a Java application run by braid-run, at the same time, sharing a standalone
# stream server. The Java tasks must see every record and every file the C tasks wrote.
set -euo pipefail
repo=$1; cprog=$2; work=$3
rm -rf "$work"; mkdir -p "$work/files"
source "$(dirname "$0")/../stream_server.sh"
run_c_beside_java "$repo" "$work" "$(dirname "$0")/java/csim" csim.Main "$cprog" "$work/files"
# 30 x 24 B + 2 x 1 MiB; files "line 0" .. "line 5"
grep -qx "java tasks read: 32 records, 2097872 bytes; 6 files, 15" "$work/java.out" \
  || { echo "the Java tasks did not read what the C tasks wrote" >&2; exit 1; }
echo "c tasks to java tasks: ok"
