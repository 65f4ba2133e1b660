"""Braid-Python's side of tests/bench/peers: the workloads of workloads.py as a PyCOMPSs-style
application, run by `scripts/braid-run --lang=python braid_app.py ...`.

Usage: braid_app.py probe | once | peers <tasks> <links> <width> <warm-up tasks>
"probe" tells whether the runtime really runs the tasks: a task returns its process id, which must
not be the main program's (a sequential run, as `python braid_app.py`, runs them in the main
process). PyCOMPSs has no batch call: its "map" is the loop of task calls of "submits".
"""
import os
import sys

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.parameter import COLLECTION_IN
from braid.api.task import task

import workloads


@task()
def noop(i):
    pass


@task(returns=1)
def inc(x):
    return x + 1


@task(returns=1)
def item(i):
    return i


@task(xs=COLLECTION_IN, returns=1)
def total(xs):
    return sum(xs)


@task(returns=1)
def pid():
    return os.getpid()


class BraidPython:
    """workloads.py's adapter over the PyCOMPSs API."""
    _tasks = {"noop": noop, "inc": inc, "item": item}
    has_map = False

    def submit(self, name, *args):
        return self._tasks[name](*args)

    def reduce(self, futures):
        return total(futures)

    def wait(self, futures):
        compss_barrier()

    def result(self, future):
        return compss_wait_on(future)

    def check_done(self, futures):
        pass  # a failed task stops the application


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "probe":
        worker = compss_wait_on(pid())
        where = "another process" if worker != os.getpid() else "the main process"
        print(f"RESULT probe {int(worker != os.getpid())} tasks run in {where}", flush=True)
    elif mode == "once":
        workloads.once(BraidPython())
    elif mode == "peers" and len(sys.argv) == 6:
        workloads.run(BraidPython(), *(int(a) for a in sys.argv[2:6]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
