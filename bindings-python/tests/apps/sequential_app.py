"""A PyCOMPSs-style application (imports changed from pycompss to braid) run with plain python."""

import os
import sys

from braid.api.api import (TaskGroup, compss_barrier, compss_barrier_group, compss_delete_file,
                           compss_delete_object, compss_open, compss_wait_on, compss_wait_on_file)
from braid.api.constraint import constraint
from braid.api.IO import IO
from braid.api.on_failure import on_failure
from braid.api.parameter import *  # noqa: F401,F403 - as PyCOMPSs applications do
from braid.api.task import task


@task(returns=1)
def increment(value):
    return value + 1


@task(returns=2)
def split(text):
    head, _, tail = text.partition(" ")
    return head, tail


@task(returns=int)
def length(items):
    return len(items)


@task(box=INOUT)
def append(box, value):
    box.append(value)


@task(path=FILE_OUT)
def write(path, text):
    with open(path, "w") as f:
        f.write(text)


@task(path=FILE_INOUT)
def shout(path):
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.upper() + "!")


@task(source=FILE_IN, returns=1)
def read(source):
    with open(source) as f:
        return f.read()


@task(folder=DIRECTORY_OUT)
def fill(folder, count):
    os.makedirs(folder, exist_ok=True)
    for i in range(count):
        with open(os.path.join(folder, f"part{i}"), "w") as f:
            f.write(str(i))


@task(folder=DIRECTORY_IN, returns=1)
def count_files(folder):
    return len(os.listdir(folder))


@task(xs=COLLECTION_IN, returns=1)
def total(xs):
    return sum(xs)


@task(grid={Type: COLLECTION_INOUT, Depth: 2})
def double(grid):
    for row in grid:
        for i, v in enumerate(row):
            row[i] = 2 * v


@constraint(computing_units="2", storage_bw="auto(10,160,2)")
@IO()
@task(returns=1, priority=True, time_out=60)
def constrained(value):
    return value * 10


@on_failure(management="IGNORE", returns=0)
@task(returns=1)
def may_fail(value):
    return value


class Account:
    def __init__(self):
        self.balance = 0

    @task()
    def deposit(self, amount):
        self.balance += amount

    @task(target_direction=IN, returns=1)
    def peek(self):
        return self.balance


def main(workdir):
    results = [increment(i) for i in range(3)]
    results = compss_wait_on(results)
    print("increment", results)
    head, tail = compss_wait_on(split("hello braid world"))
    print("split", head, "|", tail)
    print("length", compss_wait_on(length([1, 2, 3])))
    box = []
    append(box, 1)
    append(box, 2)
    box = compss_wait_on(box)
    print("box", box)
    path = os.path.join(workdir, "greeting.txt")
    write(path, "hi")
    shout(path)
    compss_wait_on_file(path)
    with compss_open(path) as f:
        print("file", f.read())
    print("read", compss_wait_on(read(path)))
    folder = os.path.join(workdir, "parts")
    fill(folder, 3)
    print("parts", compss_wait_on(count_files(folder)))
    print("total", compss_wait_on(total([1, 2, 3, 4])))
    grid = [[1, 2], [3]]
    double(grid)
    print("grid", compss_wait_on(grid))
    with TaskGroup("tens", implicit_barrier=False):
        tens = [constrained(i) for i in range(3)]
    compss_barrier_group("tens")
    print("tens", compss_wait_on(tens))
    print("nested", compss_wait_on({"a": [increment(1), (increment(2),)]}))
    account = Account()
    account.deposit(5)
    account.deposit(7)
    print("balance", compss_wait_on(account.peek()), account.balance)
    print("ignored", compss_wait_on(may_fail(3)))
    compss_delete_object(box)
    compss_barrier()
    compss_delete_file(path)
    print("deleted", not os.path.exists(path))


if __name__ == "__main__":
    main(sys.argv[1])
