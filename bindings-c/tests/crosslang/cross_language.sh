#!/usr/bin/env bash
# cross_language.sh REPO C_PROGRAM WORK_DIR
# A C program (braid_on, object streams) and a Java application run by braid-run, at the same
# time, sharing a standalone stream server (scripts/braid-stream-server): the Java task echoes
# what the C program publishes, and each side checks what it got. Fails (non-zero) on any error.
set -euo pipefail
repo=$1; cprog=$2; work=$3
rm -rf "$work"
source "$(dirname "$0")/../stream_server.sh"
run_c_beside_java "$repo" "$work" "$(dirname "$0")/java/crosslang" crosslang.Main "$cprog"
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
