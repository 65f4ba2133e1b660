#!/usr/bin/env bash
# cross_language.sh REPO C_PROGRAM WORK_DIR
# A C program (braid_on, object streams) and a Java application run by braid-run, at the same
# time, sharing a standalone stream server (scripts/braid-stream-server): the Java task echoes
# what the C program publishes, and each side checks what it got. Fails (non-zero) on any error.
set -euo pipefail
repo=$1; cprog=$2; work=$3
rm -rf "$work"; mkdir -p "$work/classes"
jar="$repo/runtime/dist/target/braid.jar"
javac_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
"$javac_cmd" -d "$work/classes" -cp "$jar" "$(dirname "$0")"/java/crosslang/*.java

source "$(dirname "$0")/../stream_server.sh"
java_pid=
on_exit='[ -n "$java_pid" ] && kill "$java_pid" 2>/dev/null || true'
start_stream_server "$repo" "$work"

timeout 240 "$repo/scripts/braid-run" --base_log_dir="$work/logs" --log_level=info -cp "$work/classes" crosslang.Main >"$work/java.out" 2>"$work/java.err" &
java_pid=$!
c_status=0
timeout 240 "$cprog" >"$work/c.out" 2>"$work/c.err" || c_status=$?
java_status=0
if [ "$c_status" -ne 0 ]; then
  kill "$java_pid" 2>/dev/null || true # its task would wait for a C writer that is gone
fi
wait "$java_pid" || java_status=$?
java_pid=
echo "--- C program (status $c_status)"; cat "$work/c.out" "$work/c.err"
echo "--- Java application (status $java_status)"; cat "$work/java.out" "$work/java.err"
[ "$c_status" -eq 0 ] || { echo "the C program failed" >&2; exit 1; }
[ "$java_status" -eq 0 ] || { echo "the Java application failed" >&2; exit 1; }
# The runtime's log lines go to each run's runtime.log, never to the programs' stderr (both runs use
# an existing stream server: the case where the log used to be set up too late).
if grep -qE '^\[[^]]+\] (ERROR|WARN|INFO|DEBUG) ' "$work/c.err" "$work/java.err"; then
  echo "runtime log lines on stderr" >&2; exit 1
fi
c_log="$(sed -n 's/^log dir: //p' "$work/c.out")/runtime.log"
for log in "$c_log" "$work"/logs/Main_*/runtime.log; do
  grep -q "using the existing stream server" "$log" || { echo "$log lacks the run's log lines" >&2; exit 1; }
done
grep -q "c program: 20 round trips with the Java task" "$work/c.out" || { echo "C side incomplete" >&2; exit 1; }
grep -q "java task echoed 20 records" "$work/java.out" || { echo "Java side incomplete" >&2; exit 1; }
echo "cross-language: ok"
