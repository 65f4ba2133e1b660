#!/usr/bin/env bash
# build-and-test.sh BUILD_DIR: configures, builds and tests libbraid (CMake + ctest), as
# `mvn -B verify` runs it (bindings-c/pom.xml). Installs cmake, a C/C++ compiler, pkg-config and python3
# with apt-get when they are missing (as root, as CI runs). Exits non-zero when a test fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build=${1:-$here/target/build}
jar="$here/../runtime/dist/target/braid.jar"
if [ ! -f "$jar" ]; then
  echo "bindings-c: $jar is missing: build runtime/dist first (mvn package at the repository root)" >&2
  exit 1
fi

missing=()
for tool in cmake:cmake gcc:gcc g++:g++ pkg-config:pkg-config make:make python3:python3; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "bindings-c: ${missing[*]} missing, and no apt-get as root to install them: install them first" >&2
    exit 1
  fi
  echo "bindings-c: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  for tool in "${missing[@]}"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bindings-c: $tool is still not on PATH after apt-get install" >&2; exit 1; }
  done
fi

cmake -S "$here" -B "$build" -DBRAID_JAR="$jar" >/dev/null
cmake --build "$build" -j 2
ctest --test-dir "$build" --output-on-failure --timeout 300
