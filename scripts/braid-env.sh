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
# braid.jar's class-data archive (braid.jsa beside it, written by the build): the master maps it
# and names it to the workers (-Dbraid.cds.archive) so they map it too. Skipped when missing,
# older than the jar, or BRAID_CDS=off; a JVM that cannot use it ignores it (-Xshare:auto).
braid_cds_opts=()
braid_jsa="$(cd "$(dirname "$braid_jar")" && pwd)/$(basename "${braid_jar%.jar}").jsa"
if [ "${BRAID_CDS:-on}" != off ] && [ -f "$braid_jsa" ] && [ "$braid_jsa" -nt "$braid_jar" ]; then
  braid_cds_opts=("-XX:SharedArchiveFile=$braid_jsa" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off
    "-Dbraid.cds.archive=$braid_jsa")
fi
