#!/usr/bin/env bash
# C no-op tasks/s and chain ms/link from a C main program through braid-run --lang=c, one local
# worker (noop.c, built by braid-c-buildapp against libbraid).
# Usage: tests/bench/c-main/run.sh [tasks] [links] [runs]   (default 20000 2000 3)
# Needs runtime/dist/target/braid.jar (mvn -B package -DskipTests -pl runtime/dist -am); builds
# bindings-c (cmake, braid-c-worker and libbraid) in a temporary directory.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
n="${1:-20000}" links="${2:-2000}" runs="${3:-3}"
work="$(mktemp -d -t braid-cmain-XXXXXX)"
trap 'rm -rf "$work"' EXIT
cmake -S "$root/bindings-c" -B "$work/build" -DBRAID_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" -j 2 >/dev/null
cp "$root"/tests/bench/c-main/noop* "$work/"
cd "$work"
BRAID_CFLAGS="-O2 -I$root/bindings-c/include" BRAID_LIBS="-L$work/build -lbraid -Wl,-rpath,$work/build" \
  python3 "$root/scripts/braid-c-buildapp" --build noop.idl --main noop.c --functions noop-functions.c
for _ in $(seq "$runs"); do
  BRAID_C_WORKER="$work/build/braid-c-worker" "$root/scripts/braid-run" --lang=c --base_log_dir="$work/logs" \
    ./noop "$n" "$links" 2>"$work/err" | grep '^RESULT' || { cat "$work/err"; exit 1; }
done
