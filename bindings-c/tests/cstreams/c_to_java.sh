#!/usr/bin/env bash
# c_to_java.sh REPO C_PROGRAM WORK_DIR
# C tasks publish, Java tasks read: the C main program test_c_streams_java (its C tasks run by
# braid-c-worker) and a Java application run by braid-run, at the same time, sharing a standalone
# stream server. The Java tasks must see every record and every file the C tasks wrote.
set -euo pipefail
repo=$1; cprog=$2; work=$3
rm -rf "$work"; mkdir -p "$work/classes" "$work/files"
jar="$repo/runtime/dist/target/braid.jar"
"${JAVA_HOME:+$JAVA_HOME/bin/}javac" -d "$work/classes" -cp "$jar" "$(dirname "$0")"/java/csim/*.java

source "$(dirname "$0")/../stream_server.sh"
java_pid=
on_exit='[ -n "$java_pid" ] && kill "$java_pid" 2>/dev/null || true'
start_stream_server "$repo" "$work"

timeout 240 "$repo/scripts/braid-run" --base_log_dir="$work/logs" --log_level=info -cp "$work/classes" csim.Main \
  "$work/files" >"$work/java.out" 2>"$work/java.err" &
java_pid=$!
c_status=0
timeout 240 "$cprog" "$work/files" >"$work/c.out" 2>"$work/c.err" || c_status=$?
java_status=0
if [ "$c_status" -ne 0 ]; then
  kill "$java_pid" 2>/dev/null || true # its tasks would wait for C writers that are gone
fi
wait "$java_pid" || java_status=$?
java_pid=
echo "--- C program (status $c_status)"; cat "$work/c.out" "$work/c.err"
echo "--- Java application (status $java_status)"; cat "$work/java.out" "$work/java.err"
[ "$c_status" -eq 0 ] || { echo "the C program failed" >&2; exit 1; }
[ "$java_status" -eq 0 ] || { echo "the Java application failed" >&2; exit 1; }
# 30 x 24 B + 2 x 1 MiB; files "line 0" .. "line 5"
grep -qx "java tasks read: 32 records, 2097872 bytes; 6 files, 15" "$work/java.out" \
  || { echo "the Java tasks did not read what the C tasks wrote" >&2; exit 1; }
echo "c tasks to java tasks: ok"
