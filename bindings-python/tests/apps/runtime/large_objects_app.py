"""Large numpy arrays between tasks, to the main program, updated in place, and across two nodes
(test_runtime_large_objects.py): each large object a task gives back is a file of its worker's
working directory (pyobj-*.pickle, docs/PYTHON.md "Large objects"), deleted with the object.

    large_objects_app.py MiB one-node|two-nodes
    large_objects_app.py MiB worker-crash MARKER
    large_objects_app.py MiB inout-chain STEPS
"""

import gc
import glob
import os
import signal
import sys
import time

import numpy

from braid.api.api import compss_barrier, compss_delete_object, compss_wait_on
from braid.api.constraint import constraint
from braid.api.parameter import INOUT
from braid.api.task import task


@task(returns=1)
def make(mib, value):
    return numpy.full(mib * 1024 * 1024 // 8, value, dtype=numpy.float64)


@task(returns=1)
def total(array):
    return float(array.sum()), array.flags.writeable


@task(array=INOUT)
def double(array):
    array *= 2


@task(returns=1)
def object_files():
    """The object files of this worker's working directory (the Python processes' cwd)."""
    return os.getcwd(), sorted(os.path.basename(p) for p in glob.glob("pyobj-*.pickle") + glob.glob("*_object.pickle"))


@constraint(processor_architecture="left")
@task(returns=1)
def make_left(mib, value):
    return numpy.full(mib * 1024 * 1024 // 8, value, dtype=numpy.float64), os.getcwd()


@constraint(processor_architecture="right")
@task(returns=1)
def total_right(pair):
    array, producer_dir = pair
    # fetched into this worker's memory, then moved to a file of its own that this task loaded
    return float(array.sum()), os.getcwd() != producer_dir, len(glob.glob("*_object.pickle"))


@task(returns=1)
def small_list():
    return [0]


@task(values=INOUT)
def bump(values):
    values[0] += 1


@task(returns=1)
def end_worker_once(marker):
    """Kills its worker's JVM (this process's parent) the first time: the node's worker is started
    again, and this task runs again there."""
    if not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getppid(), signal.SIGKILL)
        time.sleep(60)  # the worker's end ends this process (its input closes)
    return os.getpid()


def files_in(directory):
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(directory, "*.pickle")))


def until_gone(directory, names, seconds=60):
    """Waits (bounded) for the worker to delete the files of released objects; returns what is left."""
    deadline = time.monotonic() + seconds
    left = [n for n in names if n in files_in(directory)]
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [n for n in names if n in files_in(directory)]
    return left


def new_files(workdir, known):
    """The object files that appeared in the worker's directory since ``known`` was taken (added to it)."""
    compss_barrier()
    made = [f for f in files_in(workdir) if f not in known]
    known.update(made)
    return made


def one_node(mib):
    n = mib * 1024 * 1024 // 8
    workdir, before = compss_wait_on(object_files())
    known = set(before)
    print("files before", before)
    array = make(mib, 1.0)
    print("task-to-task", compss_wait_on(total(array)) == (float(n), True))
    print("files of make", len(new_files(workdir, known)))

    double(array)  # INOUT on an array kept in a file: the new version is a file of its own
    print("inout-task", compss_wait_on(total(array)) == (2.0 * n, True))
    doubled = new_files(workdir, known)
    print("files of double", [f.split("_", 1)[1] for f in doubled])

    waited = compss_wait_on(make(mib, 5.0))  # its Future is dropped at once: released
    print("task-to-main", type(waited).__name__, waited.dtype, waited.shape == (n,), float(waited.sum()) == 5.0 * n)
    dropped = new_files(workdir, known)
    print("files of the dropped future", len(dropped))

    mine = numpy.full(n, 3.0)  # the main program's own array, updated by a task
    double(mine)
    mine = compss_wait_on(mine)
    print("inout-main", mine.shape == (n,) and float(mine[0]) == 6.0 and float(mine.sum()) == 6.0 * n)

    compss_delete_object(array)
    del waited
    gc.collect()
    compss_barrier()
    print("left after release", until_gone(workdir, doubled + dropped))


def worker_crash(mib, marker):
    """A worker dies holding a large object in a file; the worker started again on its node removes
    the dead one's file (its data is lost to the master anyway)."""
    n = mib * 1024 * 1024 // 8
    workdir, before = compss_wait_on(object_files())
    known = set(before)
    kept = make(mib, 1.0)
    print("task-to-task", compss_wait_on(total(kept)) == (float(n), True))
    made = new_files(workdir, known)
    print("files of make", len(made))
    compss_wait_on(end_worker_once(marker))
    print("left after the restart", [f for f in made if f in files_in(workdir)])


def inout_chain(mib, steps):
    """A large array and a small list, each updated by ``steps`` INOUT tasks: the versions each
    update replaced leave the worker (the array's files, the list's bytes in its memory: counted
    in the worker's log at its end)."""
    workdir, before = compss_wait_on(object_files())
    array = make(mib, 1.0)
    counter = small_list()
    for _ in range(steps):
        double(array)
        bump(counter)
    compss_barrier()
    deadline = time.monotonic() + 60  # the deletions reach the worker after the tasks' ends
    while len(set(files_in(workdir)) - set(before)) > 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    print("object files after", steps, "updates", len(set(files_in(workdir)) - set(before)))
    print("values", float(compss_wait_on(array)[-1]) == 2.0 ** steps, compss_wait_on(counter) == [steps])


def two_nodes(mib):
    n = mib * 1024 * 1024 // 8
    pair = make_left(mib, 2.0)
    result, moved, files = compss_wait_on(total_right(pair))
    print("across-nodes", result == 2.0 * n, moved, files)
    array, _ = compss_wait_on(pair)
    print("producer-to-main", float(array.sum()) == 2.0 * n)


if __name__ == "__main__":
    size, mode = int(sys.argv[1]), sys.argv[2]
    if mode == "one-node":
        one_node(size)
    elif mode == "worker-crash":
        worker_crash(size, sys.argv[3])
    elif mode == "inout-chain":
        inout_chain(size, int(sys.argv[3]))
    else:
        two_nodes(size)
