#!/bin/sh
# sample_apps.sh REPO BUILD WORK: braid-c-buildapp --build on two COMPSs-shaped applications
# (increment: C++ with g++; simple: C with gcc and a user type), their worker libraries run by
# braid-c-worker, and their master programs, which run their tasks through the runtime (braid_on:
# local workers running braid-c-worker) and print the right result.
set -eu
repo=$1 build=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cp -r "$repo/bindings-c/tests/buildapp/samples/increment" "$repo/bindings-c/tests/buildapp/samples/simple" "$work/"
export BRAID_CFLAGS="-I$repo/bindings-c/include -Wall -Wextra -Werror"
export BRAID_LIBS="-L$build -lbraid -Wl,-rpath,$build"
cd "$work/increment"
CXX=g++ "$repo/scripts/braid-c-buildapp" --cxx --build increment.idl --main increment.cc --functions increment-functions.cc
cd "$work/simple"
CC=gcc "$repo/scripts/braid-c-buildapp" --build simple.idl --main simple.c --functions simple-functions.c --types block.c
# the generated C also compiles as C++ (a C++ application including a C-generated header)
g++ -x c++ -fsyntax-only -I. $BRAID_CFLAGS simple-stubs.c simple-executor.c

python3 "$repo/bindings-c/tests/buildapp/run_sample_workers.py" "$build/braid-c-worker" "$work" >&2

expect_output() { # DIR PROGRAM LINE: the master runs its tasks on braid-c-worker and prints LINE
  cd "$work/$1"
  status=0
  ./"$2" >out.txt 2>err.txt || status=$?
  cat err.txt >&2
  [ "$status" = 0 ] || { echo "sample_apps.sh: $2 exited with $status: $(cat out.txt)" >&2; exit 1; }
  [ "$(cat out.txt)" = "$3" ] || { echo "sample_apps.sh: $2 printed '$(cat out.txt)', expected '$3'" >&2; exit 1; }
}
expect_output increment increment "counter: 3"
expect_output simple simple "sum: 12"
echo "sample_apps.sh: both applications built; workers ran their tasks; masters ran them through braid_on" >&2
