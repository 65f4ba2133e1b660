"""The I/O guide's examples in Python (docs/USER_GUIDE.md, "I/O tasks and storage bandwidth"): the
twin of tests/apps/java/iotasks.

    braid-run [options] iotasks.py overlap C      C compute tasks of 3 s, then 4 I/O tasks of 150 ms
    braid-run [options] iotasks.py bandwidth N    N I/O tasks of 300 ms holding 30 MB/s each
    braid-run [options] iotasks.py auto N M       N blocks on a congested disk with storage_bw="auto",
                                                  M with storage_bw="auto(10,160,2)"

overlap prints ``compute|io i start end`` (ms since the epoch): the I/O tasks need no computing
unit, so they run and end while every core is busy. bandwidth prints ``limited i k dir``: k tasks
of that type were running on the node when task i started, ``dir`` is the node's working
directory. auto prints ``written T blocks, at most K at once on a node``; with ``--summary`` the
runtime shows each auto type's epochs and the value it chose.

A node's Python tasks run in several processes (one per executor), so what the tasks of a node
share (the number of transfers in progress on its disk) is kept in a small file in the node's
working directory, the current directory of its tasks (``congested_disk.py``).
"""

import sys
import time

from braid.api.api import compss_wait_on
from braid.api.constraint import constraint
from braid.api.IO import IO
from braid.api.task import task

from congested_disk import NodeCounter, transfer

BLOCK_MS = 100  # full-speed time of one block on the congested disk


@task(returns=1)
def busy(i, ms):
    """A compute task: holds a computing unit for ``ms``; "start end" (ms)."""
    start = int(time.time() * 1000)
    time.sleep(ms / 1000)
    return f"{start} {int(time.time() * 1000)}"


@IO()
@task(returns=1)
def io(i, ms):
    """An I/O task without constraint: no computing unit, one of the node's I/O executors."""
    start = int(time.time() * 1000)
    time.sleep(ms / 1000)
    return f"{start} {int(time.time() * 1000)}"


@constraint(storage_bw=30)
@IO()
@task(returns=1)
def limited(i, ms):
    """An I/O task holding 30 MB/s; "tasks of this type running on the node when it started, node dir"."""
    import os
    with NodeCounter("limited") as at_start:
        time.sleep(ms / 1000)
        return f"{at_start} {os.getcwd()}"


@constraint(storage_bw="auto")
@IO()
@task(returns=1)
def write(i):
    """A block written to the node's congested disk, with a learned constraint."""
    return transfer(BLOCK_MS)


@constraint(storage_bw="auto(10,160,2)")
@IO()
@task(returns=1)
def write_bounded(i):
    """The same with a bounded learned constraint."""
    return transfer(BLOCK_MS)


def overlap(cus):
    compute = [busy(i, 3000) for i in range(cus)]
    ios = [io(i, 150) for i in range(4)]
    compute, ios = compss_wait_on(compute, ios)
    for i, span in enumerate(compute):
        print(f"compute {i} {span}")
    for i, span in enumerate(ios):
        print(f"io {i} {span}")


def bandwidth(n):
    out = compss_wait_on([limited(i, 300) for i in range(n)])
    for i, line in enumerate(out):
        print(f"limited {i} {line}")


def auto(n, m):
    done = []
    for i in range(max(n, m)):
        if i < n:
            done.append(write(i))
        if i < m:
            done.append(write_bounded(i))
    done = compss_wait_on(done)
    print(f"written {len(done)} blocks, at most {max(done)} at once on a node")


if __name__ == "__main__":
    what, numbers = sys.argv[1], [int(a) for a in sys.argv[2:]]
    {"overlap": overlap, "bandwidth": bandwidth, "auto": auto}[what](*numbers)
