# Sourced by Braid's scripts: sets braid_jar (runtime/dist/target/braid.jar of this repository's
# build, $BRAID_HOME/braid.jar, or $BRAID_JAR) and java_cmd, or exits with a clear message.
braid_scripts="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
braid_jar="${BRAID_JAR:-}"
if [ -z "$braid_jar" ]; then
  for candidate in "${BRAID_HOME:-/nonexistent}/braid.jar" "$braid_scripts/../runtime/dist/target/braid.jar" \
      "$braid_scripts/../lib/braid.jar"; do
    if [ -f "$candidate" ]; then braid_jar="$candidate"; break; fi
  done
fi
if [ -z "$braid_jar" ]; then
  echo "$(basename "$0"): braid.jar not found; build it with 'mvn -q install -DskipTests' at the repository root, or set BRAID_HOME" >&2
  exit 1
fi
java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
