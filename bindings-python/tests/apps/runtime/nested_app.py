"""Collections with Depth > 1: every leaf, at every level, its own datum (test_runtime.py)."""

from braid.api.api import compss_wait_on
from braid.api.parameter import COLLECTION_IN, COLLECTION_INOUT, INOUT, Depth, Type
from braid.api.task import task


@task(returns=1)
def inc(x):
    return x + 1


@task(grid={Type: COLLECTION_IN, Depth: 3}, returns=1)
def shape_and_total(grid):
    def walk(x):
        if isinstance(x, list):
            return [walk(y) for y in x]
        return "." if isinstance(x, int) else type(x).__name__

    def total(x):
        return sum(total(y) for y in x) if isinstance(x, list) else x

    return walk(grid), total(grid)


@task(grid={Type: COLLECTION_INOUT, Depth: 2})
def scale(grid, factor):
    for row in grid:
        for cell in row:
            cell["v"] *= factor


@task(grid={Type: COLLECTION_INOUT, Depth: 2})
def double(grid):
    for row in grid:
        for i, v in enumerate(row):
            row[i] = 2 * v


@task(row=COLLECTION_IN, returns=1)
def row_sum(row):
    return sum(row)


@task(cell=INOUT)
def add_one(cell):
    cell["v"] += 1


@task(returns=1)
def value_of(cell):
    return cell["v"]


@task(grid={Type: COLLECTION_IN, Depth: 2}, returns=1)
def values(grid):
    return [[cell["v"] for cell in row] for row in grid]


if __name__ == "__main__":
    # Placeholders at every level are elements of their own (one inside a plain list would be refused).
    print("futures-at-every-level", compss_wait_on(shape_and_total([[[inc(0)], [1]], [[2, inc(3)]], 5])))
    numbers = [[1, 2], [3]]
    double(numbers)
    inner = numbers[1]
    print("inner-row-after-writer", compss_wait_on(row_sum(inner)))  # depends on double's leaf, not waited
    double(numbers)
    print("waited", compss_wait_on(numbers), inner is numbers[1])
    cells = [[{"v": 1}, {"v": 2}], [{"v": 3}]]
    scale(cells, 10)
    add_one(cells[1][0])  # one leaf, after the collection's writer
    print("one-leaf", compss_wait_on(value_of(cells[1][0])))
    print("whole", compss_wait_on(values(cells)))
    compss_wait_on(cells)
    print("main", cells)
