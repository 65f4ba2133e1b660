#!/usr/bin/env bash
# install_test.sh SOURCE_DIR WORK_DIR
# Builds libbraid on its own with a braid.jar copy, installs it into a prefix, removes the copy,
# and builds two programs against the installed files (pkg-config; find_package(Braid)). Both
# run: the installed libbraid finds the installed braid.jar (share/braid) on its own.
set -euo pipefail
src=$1; work=$2
rm -rf "$work"; mkdir -p "$work/jar"
cp "$src/../runtime/dist/target/braid.jar" "$work/jar/braid.jar"
cmake -S "$src" -B "$work/build" -DBRAID_BUILD_TESTS=OFF -DBRAID_JAR="$work/jar/braid.jar" >/dev/null
cmake --build "$work/build" >/dev/null
cmake --install "$work/build" --prefix "$work/prefix" >/dev/null
rm -rf "$work/jar" # from now on only the installed braid.jar exists for this libbraid
prefix="$work/prefix"
for f in include/braid.h include/compss.h share/braid/braid.jar; do
  [ -f "$prefix/$f" ] || { echo "not installed: $f" >&2; exit 1; }
done
pc=$(find "$prefix" -name braid.pc); libdir=$(dirname "$(dirname "$pc")")
[ -n "$pc" ] || { echo "braid.pc not installed" >&2; exit 1; }

# pkg-config
export PKG_CONFIG_PATH="$(dirname "$pc")"
cc -o "$work/consumer-pc" "$(dirname "$0")/consumer.c" $(pkg-config --cflags --libs braid)
LD_LIBRARY_PATH="$libdir" "$work/consumer-pc"

# find_package(Braid)
cmake -S "$(dirname "$0")" -B "$work/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/consumer-build" >/dev/null
"$work/consumer-build/consumer" # the imported target carries the library's path (RPATH)

# braid-c-buildapp and braid-c-worker as installed: the generator finds its package under
# share/braid/buildapp and libbraid through pkg-config; the worker loads the library it built.
for f in bin/braid-c-buildapp bin/braid-c-worker include/braid_tasks.h include/braid_worker.h \
         share/braid/buildapp/braid_buildapp/cli.py; do
  [ -e "$prefix/$f" ] || { echo "not installed: $f" >&2; exit 1; }
done
mkdir -p "$work/app" && cp "$src/tests/buildapp/samples/increment/"* "$work/app/"
(cd "$work/app" && CXX=g++ "$prefix/bin/braid-c-buildapp" --cxx --build increment.idl --main increment.cc \
   --functions increment-functions.cc)
[ -x "$work/app/increment" ] && [ -f "$work/app/libincrement-worker.so" ] || { echo "buildapp built nothing" >&2; exit 1; }
# READY, then the end of its input: exit 0
"$prefix/bin/braid-c-worker" "$work/app/libincrement-worker.so" </dev/null >"$work/ready.bin"
grep -aq increment "$work/ready.bin" || { echo "braid-c-worker's READY does not list increment" >&2; exit 1; }
echo "install: ok"
