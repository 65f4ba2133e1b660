"""Asynchronous data exchange (hybrid workflow example b, docs/HYBRID.md), the Python twin of
tests/apps/java/exchange.

Usage: ``braid-run exchange.py hybrid|tasks <cells> <iterations> <work ms>``.

The computation: cell i at iteration t computes ``v = f(state)``, taking some work (1.5 x work
when i + t is even, 0.5 x work otherwise: the load moves between cells), then its next state is
``combine(v, left neighbour's value of iteration t - 1)``: the exchange is one iteration behind,
so a cell never waits for its neighbour's current iteration.

Hybrid: one task per cell runs every iteration, publishing its values on its own object stream
(STREAM_OUT) and reading its left neighbour's (STREAM_IN). Task-only: per iteration, one ``step``
task per cell, ``put`` tasks recording the values in a shared Grid (INOUT) and a synchronisation
task ``exchange``. Prints ``cell <i> state=<s> expected=<e>`` per cell and
``elapsed_ms=<ms> mode=<mode> start_ms=<wall clock ms>``; each hybrid cell prints its timings in
its task's output file (jobs/).
"""

import collections
import concurrent.futures
import sys
import time

from braid.api.api import compss_wait_on
from braid.api.parameter import INOUT, STREAM_IN, STREAM_OUT
from braid.api.task import task
from braid.streams.distro_stream import ObjectDistroStream

P = 1_000_003


def initial(cell):
    return cell + 1


def f(state):
    return (state * 31 + 7) % P


def combine(value, left_previous):
    return (value * 17 + left_previous) % P


def work_ms(cell, iteration, work):
    return work * 3 // 2 if (cell + iteration) % 2 == 0 else work // 2


def now_ms():
    return int(time.time() * 1000)


@task(mine=STREAM_OUT, left=STREAM_IN, returns=1)
def iterate(cell, cells, iterations, work, mine, left):
    """Hybrid: publishes each iteration's value and takes the left neighbour's value of the
    iteration before only when combining needs it, after its own work, so a cell runs at its own
    pace, possibly one iteration ahead of its neighbour. The value is received during the work
    (a receiving thread's poll, bounded by the work's length), so the exchange costs no time when
    it arrived meanwhile."""
    state = initial(cell)
    left_previous = initial((cell + cells - 1) % cells)
    received = collections.deque()  # the left neighbour's values, in publication order
    start_ms = now_ms()
    first_publish_ms = first_value_ms = 0
    receiver = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    for t in range(iterations):
        ms = work_ms(cell, t, work)
        # During the work, a receiving thread waits for the neighbour's value, for no longer than
        # the work: the task's stream requests go one at a time, so a longer poll would hold back
        # the publish below (docs/HYBRID.md, "The four examples in Python").
        early = receiver.submit(left.poll, ms) if t > 0 and not received else None
        time.sleep(ms / 1000)
        v = f(state)
        if early is not None:
            received.extend(early.result())
        mine.publish(v)
        if t == 0:
            first_publish_ms = now_ms()
        else:
            while not received:
                received.extend(left.poll(5000))
            left_previous = received.popleft()
            if t == 1:
                first_value_ms = now_ms()
        state = combine(v, left_previous)
    receiver.shutdown()
    mine.close()
    # In the task's output file (jobs/), for tests/bench/hybrid/timeline: where a run's time goes.
    print(f"cell {cell} start_ms={start_ms} first_publish_ms={first_publish_ms} first_value_ms={first_value_ms}"
          f" end_ms={now_ms()}")
    return state


class Grid:
    """Task-only version's shared state: each cell's state, this iteration's values and the previous ones."""

    def __init__(self, cells):
        self.state = [initial(i) for i in range(cells)]
        self.values = [0] * cells
        self.previous = [initial(i) for i in range(cells)]


@task(returns=1)
def step(grid, cell, iteration, work):
    """Task-only: one iteration of one computation."""
    time.sleep(work_ms(cell, iteration, work) / 1000)
    return f(grid.state[cell])


@task(grid=INOUT)
def put(grid, cell, value):
    """Task-only: records a computation's value of this iteration in the grid."""
    grid.values[cell] = value


@task(grid=INOUT)
def exchange(grid):
    """Task-only: the synchronisation of an iteration; every cell takes its left neighbour's previous value."""
    n = len(grid.state)
    grid.state = [combine(grid.values[i], grid.previous[(i + n - 1) % n]) for i in range(n)]
    grid.previous = list(grid.values)


def expected(cells, iterations):
    """The final states, computed sequentially (for checking)."""
    state = [initial(i) for i in range(cells)]
    previous = list(state)
    for _ in range(iterations):
        values = [f(s) for s in state]
        state = [combine(values[i], previous[(i + cells - 1) % cells]) for i in range(cells)]
        previous = values
    return state


def hybrid(cells, iterations, work):
    streams = [ObjectDistroStream() for _ in range(cells)]
    results = [iterate(i, cells, iterations, work, streams[i], streams[(i + cells - 1) % cells])
               for i in range(cells)]
    return compss_wait_on(results)


def task_only(cells, iterations, work):
    grid = Grid(cells)
    for t in range(iterations):
        values = [step(grid, i, t, work) for i in range(cells)]
        for i in range(cells):
            put(grid, i, values[i])
        exchange(grid)
    grid = compss_wait_on(grid)
    return grid.state


def main(argv):
    mode, cells, iterations, work = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    start = time.monotonic()
    start_ms = now_ms()
    if mode == "hybrid":
        states = hybrid(cells, iterations, work)
    elif mode == "tasks":
        states = task_only(cells, iterations, work)
    else:
        raise SystemExit(f"mode must be hybrid or tasks, not {mode}")
    wanted = expected(cells, iterations)
    for i in range(cells):
        print(f"cell {i} state={states[i]} expected={wanted[i]}")
    print(f"elapsed_ms={int((time.monotonic() - start) * 1000)} mode={mode} start_ms={start_ms}")


if __name__ == "__main__":
    main(sys.argv[1:])
