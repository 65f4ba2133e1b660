"""Nested hybrid workflow (example d, docs/HYBRID.md), the Python twin of tests/apps/java/batches.

Producer tasks publish the elements 0..n-1 to an object stream; the main program consumes the
stream, cuts what it receives into batches of ``<batch>`` elements and starts a task per batch as
soon as the batch is full (the last one may be smaller); a chain of merge tasks adds up the batch
results. The consumer that spawns tasks is the main program: a task cannot submit tasks (no nested
task submission in this runtime; docs/HYBRID.md).

Usage: ``braid-run batches.py <n> <batch> <producers> <pause ms>``. Prints ``batch <k> size=<s>``
per batch, ``spawned_while_open=<k>`` (batch tasks started before the stream closed: depends on
timing), ``elements=<e> distinct=<d> repeated=<r> missing=<m> sum_squares=<q> batches=<b>`` and
``expected batches=<b> sum_squares=<q>``.
"""

import sys
import time

from braid.api.api import compss_wait_on
from braid.api.parameter import STREAM_OUT
from braid.api.task import task
from braid.streams.distro_stream import ObjectDistroStream


class Summary:
    """What the batch tasks found: how many elements, the sum of their squares, the batches, and
    which elements were seen (a bit each, in an int), so that a lost or repeated element shows."""

    def __init__(self):
        self.elements = 0
        self.sum_squares = 0
        self.batches = 0
        self.repeated = 0
        self.seen = 0

    @staticmethod
    def of_batch(batch):
        s = Summary()
        s.batches = 1
        for x in batch:
            s.elements += 1
            s.sum_squares += x * x
            if s.seen >> x & 1:
                s.repeated += 1
            s.seen |= 1 << x
        return s

    def plus(self, other):
        """Both summaries together (elements seen by both count as repeated)."""
        s = Summary()
        s.elements = self.elements + other.elements
        s.sum_squares = self.sum_squares + other.sum_squares
        s.batches = self.batches + other.batches
        s.repeated = self.repeated + other.repeated + bin(self.seen & other.seen).count("1")
        s.seen = self.seen | other.seen
        return s

    def describe(self, n):
        missing = n - bin(self.seen & ((1 << n) - 1)).count("1")
        return (f"elements={self.elements} distinct={bin(self.seen).count('1')} repeated={self.repeated}"
                f" missing={missing} sum_squares={self.sum_squares} batches={self.batches}")


@task(out=STREAM_OUT)
def produce(out, start, count, pause_ms):
    """Publishes the elements start, start + 1, ..., start + count - 1, one every pause_ms."""
    for x in range(start, start + count):
        out.publish(x)
        if pause_ms > 0:
            time.sleep(pause_ms / 1000)
    # The stream closes for its reader once every producer task has returned (or closed it).


@task(returns=1)
def process_batch(batch):
    return Summary.of_batch(batch)


@task(returns=1)
def merge(a, b):
    return a.plus(b)


def main(n, batch_size, producers, pause_ms):
    elements = ObjectDistroStream()
    for p in range(producers):
        start, end = n * p // producers, n * (p + 1) // producers
        produce(elements, start, end - start, pause_ms)  # a writer of the stream from now on

    total = Summary()
    sizes = []
    spawned_while_open = 0
    batch = []
    while True:
        closed = elements.is_closed()  # before polling: the poll after closure returns the rest
        for x in elements.poll(200):
            batch.append(x)
            if len(batch) == batch_size:
                total = merge(total, process_batch(batch))  # the task has its own copy of the batch
                sizes.append(len(batch))
                spawned_while_open += 0 if closed else 1
                batch = []
        if closed:
            break
    if batch:
        total = merge(total, process_batch(batch))
        sizes.append(len(batch))

    for k, size in enumerate(sizes):
        print(f"batch {k} size={size}")
    # How many batch tasks started before the producers had finished (depends on timing).
    print(f"spawned_while_open={spawned_while_open}")
    print(compss_wait_on(total).describe(n))
    print(f"expected batches={(n + batch_size - 1) // batch_size} sum_squares={sum(x * x for x in range(n))}")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
