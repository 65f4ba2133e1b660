#!/usr/bin/env bash
# tests/bench/streams-publish/run.sh BASE_JAR NEW_JAR [runs] [records]
# CPU per 1 MiB record published to an object stream, two builds of braid.jar taking turns (BASE
# first in odd runs, NEW first in even ones): EncodeBench (the record's serialisation alone, 3 timed
# rounds of `records`) and tests/bench/c-streams/JavaProducer (publish + close through a standalone
# stream server's Kafka broker, 3 timed rounds). Prints every round, then the medians per build.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../../.." && pwd)
base=$1; new=$2; runs=${3:-6}; n=${4:-200}
work=$(mktemp -d "${TMPDIR:-/tmp}/streams-publish.XXXXXX")
javac -d "$work" -cp "$base" "$here/EncodeBench.java" "$repo/tests/bench/c-streams/JavaProducer.java"
source "$repo/bindings-c/tests/stream_server.sh"
start_stream_server "$repo" "$work"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for r in $(seq 1 "$runs"); do
  if [ $((r % 2)) -eq 1 ]; then order="base new"; else order="new base"; fi
  for v in $order; do
    jar=$base; [ "$v" = new ] && jar=$new
    java -cp "$work:$jar" EncodeBench "$n" 4 | sed "s/^/encode $v /" || echo "# encode $v failed"
    java -cp "$work:$jar" JavaProducer 1048576 "$n" 4 | awk -v v="$v" '{print "publish", v, $7}' || echo "# publish $v failed"
  done
done | tee "$work/rounds.txt"
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/rounds.txt" <<'PY'
import statistics, sys
cpu = {}
for line in open(sys.argv[1]):
    if not line.startswith("#"):
        kind, build, us = line.split()[:3]
        cpu.setdefault((kind, build), []).append(float(us))
for kind in ("encode", "publish"):
    b, n = cpu.get((kind, "base"), []), cpu.get((kind, "new"), [])
    if b and n:
        print(f"{kind}: CPU us per 1 MiB record, median of {len(b)} / {len(n)} rounds: base {statistics.median(b):.0f},"
              f" new {statistics.median(n):.0f} ({statistics.median(n) / statistics.median(b):.2f}x)")
PY
rm -rf "$work"
