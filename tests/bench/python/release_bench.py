"""The cost of releasing Futures the program dropped (docs/performance/python.md, "Batched release").

    scripts/braid-run tests/bench/python/release_bench.py [futures] [rounds]

Each round makes ``futures`` no-op tasks, keeps their Futures until the tasks have ended
(``compss_barrier``), then drops them all and measures what the release costs: the CPU of this
process (the Python main program and the master: the release calls, the core's drops) and of the
worker JVM (the deletion messages and the deletions) from the drop until two tasks run one after
the other have come back (the worker handles its master's messages in order, so by then it has
handled the deletions sent before the second task), minus the same two tasks measured without
a release. Prints, per round, the CPU µs per released Future of each.
"""

import gc
import os
import sys

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.task import task


@task(returns=1)
def noop(x):
    return x


def two_tasks_back():
    compss_wait_on(noop(noop(0)))


def measured(body):
    from noop_bench import cpu, descendants_cpu  # the same CPU accounting as the no-op bench
    main, workers = cpu(), descendants_cpu().get("java", 0)
    body()
    return cpu() - main, descendants_cpu().get("java", 0) - workers


def main(futures, rounds):
    compss_wait_on([noop(i) for i in range(500)])  # warm-up
    for r in range(rounds):
        kept = [noop(i) for i in range(futures)]
        compss_barrier()
        base_main, base_java = measured(two_tasks_back)

        def release():
            nonlocal kept
            kept = None
            gc.collect()
            compss_barrier()  # tells the runtime about the dropped Futures
            two_tasks_back()

        main_s, java_s = measured(release)
        print(f"round {r + 1}: main_cpu_us_per_release {(main_s - base_main) / futures * 1e6:.1f} "
              f"java_worker_cpu_us_per_release {(java_s - base_java) / futures * 1e6:.1f}")
    print(f"load_average {' '.join(f'{v:.1f}' for v in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
