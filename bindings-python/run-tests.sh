#!/usr/bin/env bash
# Builds a venv under target/, installs this package (as a user would: pip install .) with
# pytest, and runs the pytest suite. Called by `mvn -B verify` (pom.xml); a failing test fails the build.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${BRAID_PYTHON:-python3}"
if ! command -v "$PYTHON" >/dev/null; then
  echo "bindings-python: $PYTHON not found (Python >= 3.10 is needed)" >&2; exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'; then
  echo "bindings-python: $PYTHON is $("$PYTHON" -V 2>&1); Python >= 3.10 is needed" >&2; exit 1
fi
if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
  # Debian's python3 keeps venv/ensurepip in a separate package: install it, as the tests'
  # HostPackages does for theirs.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends python3-venv >/dev/null
  else
    echo "bindings-python: $PYTHON has no venv module; install python3-venv (needs root and apt-get)" >&2; exit 1
  fi
fi
VENV=target/venv
if [ ! -x "$VENV/bin/python" ]; then
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check ".[test]"
# The runtime-mode tests (test_runtime.py) run apps through scripts/braid-run, which needs braid.jar
# and libbraid: mvn verify builds bindings-c before this module; build libbraid here when a partial
# build (mvn -pl bindings-python, -DskipITs) has not.
jar=../runtime/dist/target/braid.jar
if [ ! -f "$jar" ]; then
  echo "bindings-python: $jar is missing: build runtime/dist first (mvn package at the repository root)" >&2; exit 1
fi
if [ ! -f ../bindings-c/target/build/libbraid.so ]; then
  cmake -S ../bindings-c -B ../bindings-c/target/build -DBRAID_JAR="$(cd "$(dirname "$jar")" && pwd)/braid.jar" >/dev/null
  cmake --build ../bindings-c/target/build --target braid -j 2 >/dev/null
fi
# Run from tests/ against the installed package (not src/), so the install itself is tested.
cd tests
exec ../"$VENV"/bin/python -m pytest -q -p no:cacheprovider
