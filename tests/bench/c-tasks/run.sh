#!/usr/bin/env bash
# C no-op tasks/s and chain ms/link through ForeignTasks on one local worker (cbench.CTaskBench).
# Usage: tests/bench/c-tasks/run.sh [tasks] [links] [runs]   (default 20000 2000 3)
# Builds braid-c-worker and the worker library of bindings-c/tests/cworker/tasks.idl with cc.
# Needs runtime/dist/target/braid.jar (mvn -B package -DskipTests -pl runtime/dist -am).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
jar="$root/runtime/dist/target/braid.jar"
n="${1:-20000}" links="${2:-2000}" runs="${3:-3}"
work="$(mktemp -d -t braid-cbench-XXXXXX)"
trap 'rm -rf "$work"' EXIT
c="$root/bindings-c"
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I "$c/include" "$c"/worker/*.c -o "$work/braid-c-worker" -ldl
python3 "$root/scripts/braid-c-buildapp" "$c/tests/cworker/tasks.idl" -o "$work/gen" >/dev/null
cc -O2 -shared -fPIC -I "$work/gen" -I "$c/tests/cworker" -I "$c/include" "$c/tests/cworker/tasks-functions.c" "$c/tests/cworker/point.c" \
  "$work/gen/tasks-executor.c" -o "$work/libtasks-worker.so"
mkdir -p "$work/classes" && javac -d "$work/classes" -cp "$jar" "$root"/tests/bench/c-tasks/src/cbench/*.java
for _ in $(seq "$runs"); do
  BRAID_C_WORKER="$work/braid-c-worker" java -cp "$jar:$work/classes" cbench.CTaskBench "$work/libtasks-worker.so" \
    "$n" "$links" "--base_log_dir=$work/logs" 2>"$work/err" | grep '^RESULT' || { cat "$work/err"; exit 1; }
done
