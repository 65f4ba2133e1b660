"""A simulated node-local disk for the I/O examples (the twin of tests/apps/java/iotasks'
CongestedDisk): a transfer that takes ``work_ms`` alone slows down with the number of transfers
in progress on the node, as a congested disk does. Up to CHANNELS transfers run at full speed;
beyond that each runs at 1 / slowdown(k) of full speed, slowdown(k) = (k / CHANNELS) ** EXPONENT,
so the disk's total throughput falls when it is overloaded. The best concurrency is CHANNELS:
on a node of storage bandwidth B the best constraint is B / CHANNELS.

Python tasks of one node run in several processes (one per executor of the worker), so the
number of transfers in progress is a counter in a file of the current directory (the node's
working directory), changed under an exclusive lock.
"""

import fcntl
import os
import time

CHANNELS = 2
EXPONENT = 1.6


def slowdown(k):
    return 1.0 if k <= CHANNELS else (k / CHANNELS) ** EXPONENT


class NodeCounter:
    """``with NodeCounter(name) as k:`` counts one more holder of ``name`` on this node while the
    block runs; k is the count right after this one joined."""

    def __init__(self, name):
        self.path = os.path.join(os.getcwd(), f".{name}.count")

    def _add(self, delta):
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            text = os.pread(fd, 32, 0).decode().strip()
            value = (int(text) if text else 0) + delta
            os.pwrite(fd, f"{value:<31d}\n".encode(), 0)
            return value
        finally:
            os.close(fd)  # closing the descriptor releases the lock

    def current(self):
        try:
            with open(self.path) as f:
                text = f.read().strip()
            return int(text) if text else 0
        except (FileNotFoundError, ValueError):
            return 0

    def __enter__(self):
        return self._add(1)

    def __exit__(self, *exc):
        self._add(-1)


def transfer(work_ms):
    """A transfer of ``work_ms`` of full-speed work; returns how many ran at once when it started.
    Speed follows the current number of transfers (processor sharing)."""
    counter = NodeCounter("disk")
    with counter as at_start:
        done = 0.0
        last = time.perf_counter()
        while done < work_ms:
            time.sleep(0.002)
            now = time.perf_counter()
            done += (now - last) * 1000 / slowdown(max(1, counter.current()))
            last = now
        return at_start
