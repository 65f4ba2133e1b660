"""A large numpy array passed from one Python task to another on one node: how many copies of it
the node's processes hold at their peak (issue 25, point 4).

    BRAID_PYTHON=<venv with numpy>/bin/python scripts/braid-run tests/bench/python/numpy_bench.py [MiB]

One local worker. Task ``make`` creates an array of MiB mebibytes on the worker, task ``total``
reads it (same node, possibly the same Python process). At the end the main program reads the
peak resident memory (VmHWM) of every process under it: the worker JVM and its Python task
processes, baseline (their VmHWM after a warm-up task, before the array) subtracted. Prints, per
process, the peak above its baseline in MiB and in arrays ("copies": 1.0 is the array itself),
and the most any process held; then the same when the main program takes the array
(compss_wait_on), this process included. Under load the timings are noise; the memory figures are not.
"""

import os
import sys
import time

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.task import task

import procs


@task(returns=1)
def warm_up():
    import numpy  # noqa: F401 - the import's memory is part of the baseline
    return os.getpid()


@task(returns=1)
def make(mib):
    import numpy
    array = numpy.ones(mib * 1024 * 1024 // 8, dtype=numpy.float64)
    return array


@task(returns=1)
def total(array):
    return float(array.sum()), os.getpid()


def descendants():
    """{pid: (command, VmHWM kB)} of this process's descendants."""
    out = {}
    for pid, (name, _) in procs.descendants().items():
        hwm = procs.vm_hwm_kb(pid)
        if hwm is not None:
            out[pid] = (name, hwm)
    return out


def main(mib):
    compss_wait_on([warm_up() for _ in range(4)])
    compss_barrier()
    before = descendants()
    start = time.perf_counter()
    array = make(mib)
    result, consumer = compss_wait_on(total(array))
    wall = time.perf_counter() - start
    after = descendants()
    expected = float(mib * 1024 * 1024 // 8)
    assert result == expected, (result, expected)
    print(f"array {mib} MiB, make + total {wall:.2f} s (wall), consumer pid {consumer}")
    worst = 0.0
    for pid, (name, hwm) in sorted(after.items()):
        base = before.get(pid, (name, 0))[1]
        grown = (hwm - base) / 1024
        copies = grown / mib
        if grown > 1 or name in ("java", "python"):
            print(f"{name:>10} pid {pid}: peak {hwm / 1024:.0f} MiB, +{grown:.0f} MiB above its baseline "
                  f"= {copies:.2f} arrays")
        worst = max(worst, copies)
    print(f"most arrays held by one process: {worst:.2f}")
    # Then the main program takes the array (compss_wait_on): what the worker's processes and this
    # process (the Python main and the master's JVM, libbraid) hold for that.
    mine = own_hwm()
    back = compss_wait_on(array)
    assert float(back.sum()) == expected
    later = descendants()
    for pid, (name, hwm) in sorted(later.items()):
        grown = (hwm - after.get(pid, (name, hwm))[1]) / 1024
        print(f"compss_wait_on: {name:>10} pid {pid}: +{grown:.0f} MiB = {grown / mib:.2f} arrays")
    grown = (own_hwm() - mine) / 1024
    print(f"compss_wait_on: main process (Python + master JVM) +{grown:.0f} MiB = {grown / mib:.2f} arrays")


def own_hwm():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 512)
