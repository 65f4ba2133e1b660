"""Objects in every direction, returns, nested compss_wait_on, collections: run by braid-run.

Prints one line per check; the test compares them with what Python itself computes.
"""

import os
import sys

from braid.api.api import compss_barrier, compss_delete_object, compss_wait_on
from braid.api.parameter import *  # noqa: F401,F403 - as PyCOMPSs applications do
from braid.api.task import task


@task(returns=1)
def increment(value):
    return value + 1


@task(returns=2)
def divmod_task(n, d):
    return n // d, n % d


@task(returns=int)
def length(items):
    return len(items)


@task(box=INOUT)
def append(box, value):
    box.append(value)


@task(box=OUT)
def fill(box):
    box.extend([7, 8])


@task(xs=COLLECTION_IN, returns=1)
def total(xs):
    return sum(xs)


@task(xs=COLLECTION_INOUT)
def tag(xs):
    for i, x in enumerate(xs):
        x.append(i)


@task(grid={Type: COLLECTION_INOUT, Depth: 2})
def double(grid):
    for row in grid:
        for i, v in enumerate(row):
            row[i] = 2 * v


@task(returns=1)
def merge(a, b):
    return {**a, **b}


@task(returns=1)
def process_id():
    return os.getpid()


class Account:
    def __init__(self):
        self.balance = 0

    @task()
    def deposit(self, amount):
        self.balance += amount

    @task(target_direction=IN, returns=1)
    def peek(self):
        return self.balance


def main():
    x = 0
    for _ in range(10):
        x = increment(x)
    print("chain", compss_wait_on(x))
    q, r = divmod_task(17, 5)
    print("two-returns", compss_wait_on(q), compss_wait_on(r))
    print("fan", compss_wait_on([increment(i) for i in range(5)]))
    print("nested", compss_wait_on({"a": [increment(1), (increment(2),)], "b": increment(10)}))
    print("length", compss_wait_on(length([1, 2, 3])))
    box = [1]
    alias = box
    append(box, 2)
    append(box, 3)
    compss_wait_on(box)
    print("inout", box, alias is box)
    box.append(4)  # the main program changes it: the next task must see the change
    append(box, 5)
    print("inout-after-main-change", compss_wait_on(box))
    out = []
    fill(out)
    print("out", compss_wait_on(out))
    print("collection-in", compss_wait_on(total([increment(1), 10, 100])))
    lists = [[], [], []]
    tag(lists)
    compss_wait_on(lists)
    print("collection-inout", lists)
    grid = [[1, 2], [3]]
    double(grid)
    print("collection-depth-2", compss_wait_on(grid))
    d = merge({"x": 1}, {"y": 2})
    print("dict", compss_wait_on(d))
    account = Account()
    account.deposit(5)
    account.deposit(7)
    peek = account.peek()
    compss_wait_on(account)
    print("method", compss_wait_on(peek), account.balance)
    compss_delete_object(box)
    compss_barrier()
    print("args", sys.argv[1:])
    print("tasks-in-another-process", compss_wait_on(process_id()) != os.getpid())


if __name__ == "__main__":
    main()
