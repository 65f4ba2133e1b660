"""External stream (hybrid workflow example c, docs/HYBRID.md), the Python twin of
tests/apps/java/sensor's sensor.Main.

A sensor process outside the application (sensor.py) publishes readings to the object stream
named ``<alias>``; this application attaches to it by alias, runs ``<filters>`` filter tasks that
share its readings and forward the relevant ones to an internal stream, one extractor task (an
I/O task) that collects them, and ``<parts>`` statistics tasks plus combine tasks on what it
collected.

Usage (BRAID_STREAM_SERVER naming the server the sensor uses):
``braid-run sensor_main.py <alias> <filters> <parts>``. Prints ``attached to <id> ('<alias>')``,
``filter <i> read=<k>`` per filter, ``readings=<total read>``,
``relevant count=<c> sum=<s> min=<m> max=<M>`` and ``relevant_seqs=<sorted sequence numbers>``.
"""

import sys

from braid.api.IO import IO
from braid.api.api import compss_wait_on
from braid.api.parameter import STREAM_IN, STREAM_OUT
from braid.api.task import task
from braid.streams.distro_stream import EXACTLY_ONCE, ObjectDistroStream
from readings import relevant as is_relevant

POLL_MS = 200


class Stats:
    """Count, sum, minimum and maximum of reading values; ``plus`` combines two."""

    def __init__(self):
        self.count = 0
        self.sum = 0
        self.min = None
        self.max = None

    def add(self, value):
        self.count += 1
        self.sum += value
        self.min = value if self.min is None else min(self.min, value)
        self.max = value if self.max is None else max(self.max, value)

    def plus(self, other):
        s = Stats()
        s.count, s.sum = self.count + other.count, self.sum + other.sum
        mins = [v for v in (self.min, other.min) if v is not None]
        maxs = [v for v in (self.max, other.max) if v is not None]
        s.min, s.max = (min(mins) if mins else None), (max(maxs) if maxs else None)
        return s

    def __str__(self):
        show = lambda v: "-" if v is None else v  # noqa: E731
        return f"count={self.count} sum={self.sum} min={show(self.min)} max={show(self.max)}"


@task(readings=STREAM_IN, relevant=STREAM_OUT, returns=1)
def filter_readings(readings, relevant):
    """Reads the sensor's stream (shared with the other filters: each reading goes to one of them)
    until the sensor closes it, forwarding the relevant readings. Returns how many it read."""
    read = 0
    while True:
        closed = readings.is_closed()  # before polling: the poll after closure returns the rest
        for r in readings.poll(POLL_MS):
            read += 1
            if is_relevant(r):
                relevant.publish(r)
        if closed:
            break
    relevant.close()  # also done when the task returns; the stream closes after the last filter's close
    return read


@IO()
@task(relevant=STREAM_IN, returns=1)
def extract(relevant):
    """Collects the relevant readings until every filter has closed the stream. It only waits on
    the stream, so it is an I/O task: it needs no core and runs beside the filters."""
    items = []
    while True:
        closed = relevant.is_closed()
        items.extend(relevant.poll(POLL_MS))
        if closed:
            break
    return items


@task(returns=1)
def stats(items, part, parts):
    """Statistics of the readings part, part + parts, ... of the list."""
    s = Stats()
    for r in items[part::parts]:
        s.add(r[1])
    return s


@task(returns=1)
def combine(a, b):
    return a.plus(b)


def main(alias, filters, parts):
    # Attaches to the sensor's stream (or creates it, if the sensor has not started yet).
    readings = ObjectDistroStream(alias=alias, access_mode=EXACTLY_ONCE)
    relevant = ObjectDistroStream(access_mode=EXACTLY_ONCE)
    print(f"attached to {readings.get_stream_id()} ('{alias}')", flush=True)

    read = [filter_readings(readings, relevant) for _ in range(filters)]  # each a writer of 'relevant' from now on
    items = extract(relevant)
    total = None
    for p in range(parts):
        s = stats(items, p, parts)  # waits for the extractor, not for the main program
        total = s if total is None else combine(total, s)

    read = compss_wait_on(read)
    for i, k in enumerate(read):
        print(f"filter {i} read={k}")
    print(f"readings={sum(read)}")
    print(f"relevant {compss_wait_on(total)}")
    print("relevant_seqs=" + ",".join(str(seq) for seq in sorted(r[0] for r in compss_wait_on(items))))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
