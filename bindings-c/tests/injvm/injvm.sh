#!/usr/bin/env bash
# injvm.sh REPO LIBBRAID WORK_DIR: libbraid loaded into a Java program uses that JVM (InJvm.java).
set -euo pipefail
repo=$1; lib=$2; work=$3
rm -rf "$work"; mkdir -p "$work/classes"
jar="$repo/runtime/dist/target/braid.jar"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}"
"${java_bin}javac" -nowarn -d "$work/classes" -cp "$jar" --add-modules jdk.incubator.foreign "$(dirname "$0")/InJvm.java" 2>&1 \
  | { grep -v -e "incubator" -e "^1 warning" || true; }
source "$(dirname "$0")/../stream_server.sh"
start_stream_server "$repo" "$work"
timeout 120 "${java_bin}java" --add-modules jdk.incubator.foreign --enable-native-access=ALL-UNNAMED \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$jar:$work/classes" InJvm "$lib" 2>&1 \
  | { grep -v -e "WARNING: Using incubator modules" || true; }
exit "${PIPESTATUS[0]}"
