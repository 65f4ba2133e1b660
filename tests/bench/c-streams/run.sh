#!/usr/bin/env bash
# tests/bench/c-streams/run.sh [runs] [count_24B] [count_1MiB]
# Object-stream publish throughput of a C producer (libbraid, braid_object_stream_publish) vs the
# same loop in Java (ObjectDistroStream.publish), 24-byte and 1 MiB records, against one
# standalone stream server, the two taking turns (C first in odd runs, Java first in even ones).
# Each process does a warm-up round, then 3 timed rounds. Prints every round (a process that
# fails, e.g. a Kafka time-out under load, is a "# ... failed" line and the runs go on), then per
# size the medians of records/s and of CPU us per record (the whole process) of each, and the
# ratios, and the load average.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../../.." && pwd)
runs=${1:-5}; n24=${2:-100000}; n1m=${3:-100}
jar="$repo/runtime/dist/target/braid.jar"; build="$repo/bindings-c/target/build"
work=$(mktemp -d "${TMPDIR:-/tmp}/c-streams-bench.XXXXXX")
[ -f "$jar" ] || { echo "no $jar: mvn -B -q package -DskipTests -pl runtime/dist -am" >&2; exit 1; }
[ -f "$build/libbraid.so" ] || { echo "no $build/libbraid.so: cmake -S bindings-c -B bindings-c/target/build && cmake --build bindings-c/target/build" >&2; exit 1; }
cc -O2 -o "$work/c_producer" "$here/c_producer.c" -I"$repo/bindings-c/include" -L"$build" -lbraid -Wl,-rpath,"$build"
"${JAVA_HOME:+$JAVA_HOME/bin/}javac" -d "$work" -cp "$jar" "$here/JavaProducer.java"
source "$repo/bindings-c/tests/stream_server.sh"
start_stream_server "$repo" "$work"
export BRAID_JAR="$jar"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
one() { # lang size count
  if [ "$1" = c ]; then "$work/c_producer" "$2" "$3" 4; else java -cp "$work:$jar" JavaProducer "$2" "$3" 4; fi \
    || echo "# $1 $2 failed (status $?)"
}
for r in $(seq 1 "$runs"); do
  for spec in "24 $n24" "1048576 $n1m"; do
    set -- $spec
    if [ $((r % 2)) -eq 1 ]; then order="c java"; else order="java c"; fi
    for lang in $order; do one "$lang" "$1" "$2" 2>>"$work/errors.txt"; done
  done
done | tee "$work/rounds.txt"
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/rounds.txt" <<'PY'
import statistics, sys
rates = {}
cpus = {}
for line in open(sys.argv[1]):
    if line.startswith("#"):
        continue
    lang, size, _, _, rate, _, cpu = line.split()
    rates.setdefault((int(size), lang), []).append(float(rate))
    cpus.setdefault((int(size), lang), []).append(float(cpu))
for size in sorted({s for s, _ in rates}):
    c, j = statistics.median(rates[(size, "c")]), statistics.median(rates[(size, "java")])
    cc, cj = statistics.median(cpus[(size, "c")]), statistics.median(cpus[(size, "java")])
    print(f"size {size}: records/s C {c:.0f}, Java {j:.0f}, C/Java {c / j:.2f}; CPU us/record C {cc:.1f}, "
          f"Java {cj:.1f}, Java/C {cj / cc:.2f} ({len(rates[(size, 'c')])} and {len(rates[(size, 'java')])} rounds)")
PY
rm -rf "$work"
