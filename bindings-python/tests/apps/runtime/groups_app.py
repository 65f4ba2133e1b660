"""Task groups, failure management, retries and time-outs, run by braid-run."""

import os
import sys
import time

from braid.api.api import TaskGroup, compss_barrier_group, compss_wait_on
from braid.api.constraint import constraint
from braid.api.IO import IO
from braid.api.on_failure import on_failure
from braid.api.task import task


@task()
def mark(path, delay):
    # the path is a plain string: the runtime does not track this file, only the group's barrier says it is there
    time.sleep(delay)
    with open(path, "w") as f:
        f.write("done")


@on_failure(management="IGNORE", returns=0)
@task(returns=1)
def fails(value):
    raise ValueError(f"boom {value}")


@task(returns=1)
def fails_once(marker):
    if not os.path.exists(marker):
        open(marker, "w").close()
        raise RuntimeError("first attempt fails")
    return "retried"


@task(returns=1, time_out=1, on_failure="IGNORE")
def slow(seconds):
    time.sleep(seconds)
    return seconds


@constraint(computing_units=1, storage_bw="auto(10,160,2)")
@IO()
@task(returns=1, priority=True)
def io_task(value):
    return value * 10


def main(workdir):
    paths = [os.path.join(workdir, f"group-{i}") for i in range(3)]
    with TaskGroup("implicit"):
        for p in paths:
            mark(p, 0.3)
    print("implicit-barrier", all(os.path.exists(p) for p in paths))
    later = [os.path.join(workdir, f"later-{i}") for i in range(2)]
    with TaskGroup("explicit", implicit_barrier=False):
        for p in later:
            mark(p, 0.3)
    compss_barrier_group("explicit")
    print("group-barrier", all(os.path.exists(p) for p in later))
    print("ignored", compss_wait_on(fails(3)))
    print("retry", compss_wait_on(fails_once(os.path.join(workdir, "marker"))))
    print("time-out", compss_wait_on(slow(30)))
    print("io", compss_wait_on([io_task(i) for i in range(3)]))


if __name__ == "__main__":
    main(sys.argv[1])
