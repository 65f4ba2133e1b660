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
its task's output file (jobs/): start, first publish, first value and end (wall clock ms), how
long the first publish took, and the time the later iterations spent in publish and waiting for
the neighbour's value after it (ms, totals).
"""

import collections
import concurrent.futures
import sys
import threading
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
    """Hybrid: publishes each iteration's value and receives the left neighbour's value of the
    iteration before while it computes (a receiving thread polls the left stream during the
    work), so a cell may run one iteration ahead of its neighbour instead of waiting for its
    current one, and the exchange costs no time when the value arrived during the work. As the
    Java cell (tests/apps/java/exchange): the receiving thread's poll waits as long as it needs,
    the task's publish goes on meanwhile (docs/PYTHON.md, "Streams in tasks")."""
    state = initial(cell)
    left_previous = initial((cell + cells - 1) % cells)
    received = collections.deque()  # the left neighbour's values, in publication order; the receiving thread's
    start_ms = now_ms()
    first_publish_ms = first_value_ms = 0
    first_publish_s = 0.0  # the first publish's time (it may wait for the stream's producer)
    publish_s = wait_s = 0.0  # the later iterations' time in publish, and waiting for the neighbour's value after it
    receiver = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    stop = threading.Event()  # the cell failed: its receiving thread gives up
    try:
        for t in range(iterations):
            left_value = receiver.submit(_next, left, received, stop) if t > 0 else None
            time.sleep(work_ms(cell, t, work) / 1000)
            v = f(state)
            before = time.monotonic()
            mine.publish(v)
            published = time.monotonic()
            if t == 0:
                first_publish_ms = now_ms()
                first_publish_s = published - before
            else:
                publish_s += published - before
            if left_value is not None:
                left_previous = left_value.result()
                wait_s += time.monotonic() - published
                if t == 1:
                    first_value_ms = now_ms()
            state = combine(v, left_previous)
    finally:
        stop.set()
        receiver.shutdown()
    mine.close()
    # In the task's output file (jobs/), for tests/bench/hybrid/timeline: where a run's time goes.
    print(f"cell {cell} start_ms={start_ms} first_publish_ms={first_publish_ms} first_value_ms={first_value_ms}"
          f" end_ms={now_ms()} first_publish_took_ms={int(first_publish_s * 1000)} later_publish_total_ms={int(publish_s * 1000)}"
          f" value_wait_total_ms={int(wait_s * 1000)}")
    return state


def _next(stream, received, stop):
    """The next value of ``stream``, in publication order."""
    while not received:
        if stop.is_set():
            return None
        received.extend(stream.poll(5000))
    return received.popleft()


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
