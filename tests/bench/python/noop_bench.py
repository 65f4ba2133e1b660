"""Python no-op tasks through braid-run --lang=python (one local worker): tasks/s and ms per chain link.

    scripts/braid-run tests/bench/python/noop_bench.py [tasks] [links]

Prints, per phase, the wall time and the CPU time of this process (the Python main program and
the Java master in it) per task, and for the throughput phase the CPU of the worker processes
(java: the worker JVM; python: its Python task processes) per task: under load, the CPU figures
are the comparable ones.
"""

import os
import resource
import sys
import time

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.task import task

import procs


@task(returns=1)
def noop(x):
    return x


@task(returns=1)
def link(x):
    return x + 1


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def descendants_cpu():
    """CPU seconds of this process's live descendants (the worker JVM, its Python processes), by command."""
    out = {}
    for name, fields in procs.descendants().values():
        kind = "python" if "python" in name else "java" if "java" in name else name
        out[kind] = out.get(kind, 0) + procs.cpu_seconds(fields)
    return out


def measure(name, count, body):
    wall, spent = time.perf_counter(), cpu()
    body()
    wall, spent = time.perf_counter() - wall, cpu() - spent
    return wall, spent


def main(tasks, links):
    # warm-up: the worker's Python processes started, the master's code compiled
    compss_wait_on([noop(i) for i in range(500)])
    chain = 0
    for _ in range(50):
        chain = link(chain)
    compss_wait_on(chain)

    def independent():
        for i in range(tasks):
            noop(i)
        compss_barrier()

    before = descendants_cpu()
    wall, spent = measure("throughput", tasks, independent)
    after = descendants_cpu()
    print(f"throughput_tasks_per_s {tasks / wall:.0f}")
    print(f"throughput_main_cpu_us_per_task {spent / tasks * 1e6:.0f}")
    for name in sorted(after):
        print(f"throughput_{name}_workers_cpu_us_per_task {(after[name] - before.get(name, 0)) / tasks * 1e6:.0f}")

    def dependent():
        value = 0
        for _ in range(links):
            value = link(value)
        assert compss_wait_on(value) == links

    wall, spent = measure("chain", links, dependent)
    print(f"chain_ms_per_link {wall / links * 1e3:.2f}")
    print(f"chain_main_cpu_us_per_link {spent / links * 1e6:.0f}")
    print(f"load_average {' '.join(f'{v:.1f}' for v in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000, int(sys.argv[2]) if len(sys.argv) > 2 else 2000)
