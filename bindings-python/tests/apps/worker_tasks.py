"""Tasks the worker tests run in a real ``python -m braid.worker`` process."""

import ctypes
import os
import time

from braid.api.parameter import COLLECTION_INOUT, DIRECTORY_INOUT, DIRECTORY_OUT, FILE_IN, FILE_OUT, INOUT, Depth, Type
from braid.api.task import task

LOADS = {"count": 0}  # how often this module was imported in this process
LOADS["count"] += 1


@task(returns=1)
def add(a, b):
    return a + b


@task(returns=1)
def pid():
    return os.getpid()


@task(returns=1)
def import_count():
    return LOADS["count"]


@task(returns=2)
def divmod_task(a, b):
    return a // b, a % b


@task(returns=2)
def wrong_count():
    return 1


@task(box=INOUT)
def append(box, value):
    box.append(value)


@task(xs={Type: COLLECTION_INOUT, Depth: 2})
def scale(xs, factor):
    for inner in xs:
        for i, value in enumerate(inner):
            inner[i] = value * factor


@task(source=FILE_IN, target=FILE_OUT, returns=1)
def copy_upper(source, target):
    with open(source) as f:
        text = f.read()
    with open(target, "w") as f:
        f.write(text.upper())
    return len(text)


@task(returns=1)
def chatty(text):
    print("to stdout:", text)
    os.write(1, b"raw fd 1\n")
    return text


def _inner(value):
    raise ValueError(f"bad value {value}")


@task(returns=1)
def fails(value):
    return _inner(value)


@task()
def exits(code):
    os._exit(code)


@task()
def segfault():
    ctypes.string_at(0)


@task(returns=1, time_out=1)
def sleeps(seconds):
    time.sleep(seconds)
    return seconds


class Counter:
    def __init__(self):
        self.value = 0

    @task(returns=1)
    def increment(self, by):
        self.value += by
        return self.value


@task(returns=1)
def unpicklable():
    return lambda: None


@task(returns=1)
def size_of(data):
    return len(data)


@task(returns=1)
def echo(data):
    return data


@task(returns=2)
def big_then_unpicklable(data):
    return data, lambda: None


@task(box=INOUT)
def tag(prefix, box=None):
    box["tag"] = prefix


# C functions as task bodies (braid.api.c_function): libc's and libm's own, no compiler needed.
from braid.api.c_function import c_function  # noqa: E402


@task(returns=1)
@c_function(library="libm.so.6", symbol="pow", restype=ctypes.c_double, argtypes=[ctypes.c_double, ctypes.c_double])
def c_pow(x, y):
    ...


@task(returns=1)
@c_function(library="libc.so.6", symbol="strlen", restype=ctypes.c_size_t, argtypes=[ctypes.c_char_p])
def c_strlen(s):
    ...


@task(buf=INOUT)
@c_function(library="libc.so.6", symbol="memset", restype=None,
            argtypes=[ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t])
def c_memset(buf, value, n):
    ...


@task()
@c_function(library="libc.so.6", symbol="abort", restype=None, argtypes=[])
def c_abort():
    ...


@task(returns=1)
@c_function(library="libc.so.6", symbol="no_such_function")
def c_missing():
    ...


@task(d=DIRECTORY_INOUT, returns=1)
def rename_in_directory(d, old, new):
    os.rename(os.path.join(d, old), os.path.join(d, new))
    return d, sorted(os.listdir(d))


@task(d=DIRECTORY_OUT, returns=1)
def fill_directory(d):
    with open(os.path.join(d, "made.txt"), "w") as f:
        f.write("made")
    return sorted(os.listdir(d))


@task(grid={Type: COLLECTION_INOUT, Depth: 2}, returns=1)
def grow_or_double(grid, grow):
    if grow:
        grid[0].append(0)
    for row in grid:
        for i, v in enumerate(row):
            row[i] = 2 * v
    return grid
