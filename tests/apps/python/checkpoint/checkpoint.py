"""The checkpointing workload in Python: the twin of tests/apps/java/checkpoint.

``phases`` phases; in each, ``slots`` compute steps (one per slot, each taking the slot's state
from the previous phase), each followed by a checkpoint of its result: an ``mb`` MB block written
to ``dir/ckpt-p<phase>-s<slot>.bin`` (a FILE_OUT parameter) and forced to the device (fsync). A
phase's checkpoints do not hold back the next phase's compute steps, which need only the states,
so checkpoints declared as I/O tasks run while the next phase computes.

Usage (docs/USER_GUIDE.md, "I/O tasks and storage bandwidth"; docs/PYTHON.md, "I/O tasks")::

    braid-run [options] checkpoint.py <mode> <phases> <slots> <computeMs> <mb> [dir] [keep]

mode: baseline (checkpoints as compute tasks), io (I/O tasks, no constraint), static25,
static50, static100, static200 (I/O tasks holding that many MB/s), auto (storage_bw="auto"),
bounded (storage_bw="auto(25,200,2)"). dir: where the checkpoints go (default: the current
directory). keep: ``last`` (default) keeps the last phase's checkpoints, which the runtime brings
to ``dir`` when the run ends, and deletes the older ones, as a checkpointing program does;
``none`` deletes every checkpoint once its size is known (the benchmark: nothing is copied back).

Prints ``result blocks=N bytes=B states=H`` (N blocks whose size, read back by their task after
the fsync, is right; B their bytes; H a checksum of the final states: the same in every mode and
the same as the Java example's) and ``elapsed_ms T`` from the first call to the last checkpoint's
size. Plain ``python checkpoint.py ...`` runs the same tasks one after the other.
"""

import array
import os
import sys
import time

from braid.api.api import compss_delete_file, compss_wait_on
from braid.api.constraint import constraint
from braid.api.IO import IO
from braid.api.parameter import FILE_OUT
from braid.api.task import task

MASK = (1 << 64) - 1
CHUNK = 1 << 20
MODES = ("baseline", "io", "static25", "static50", "static100", "static200", "auto", "bounded")


def next_state(state):
    """The state after one compute step (SplitMix64 on 64-bit words, as the Java example)."""
    z = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


@constraint(computing_units=1)
@task(returns=1)
def compute(state, ms):
    """A compute step: about ``ms`` of CPU work on the state; returns the next state."""
    x = state
    end = time.perf_counter() + ms / 1000
    while True:
        for _ in range(2000):
            x = (x * 6364136223846793005 + 1442695040888963407) & MASK
        if time.perf_counter() >= end:
            return next_state(state)


def write_block(state, path, mb):
    """Writes an ``mb`` MB block for the state to ``path``, fsyncs it and returns the file's size
    read back from the file system (the same bytes as the Java example's block)."""
    words = array.array("Q", (((state + 8 * i) & MASK) for i in range(CHUNK // 8)))
    if sys.byteorder == "little":
        words.byteswap()  # big-endian words, as Java's ByteBuffer writes them
    chunk = words.tobytes()
    with open(path, "wb") as f:
        for _ in range(mb):
            f.write(chunk)
        f.flush()
        os.fsync(f.fileno())
    return os.path.getsize(path)


# The same write declared every way the example compares (decorators are static: one function per
# choice, as the Java example has one interface method per choice).

@task(path=FILE_OUT, returns=1)
def checkpoint(state, path, mb):
    """baseline: a compute task, holding a computing unit while it writes."""
    return write_block(state, path, mb)


@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_io(state, path, mb):
    """io: an I/O task without constraint (as many at once as the node's I/O executors)."""
    return write_block(state, path, mb)


@constraint(storage_bw=25)
@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_bw25(state, path, mb):
    return write_block(state, path, mb)


@constraint(storage_bw=50)
@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_bw50(state, path, mb):
    return write_block(state, path, mb)


@constraint(storage_bw=100)
@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_bw100(state, path, mb):
    return write_block(state, path, mb)


@constraint(storage_bw=200)
@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_bw200(state, path, mb):
    return write_block(state, path, mb)


@constraint(storage_bw="auto")
@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_auto(state, path, mb):
    """auto: the storage bandwidth each checkpoint holds is learned at run time."""
    return write_block(state, path, mb)


@constraint(storage_bw="auto(25,200,2)")
@IO()
@task(path=FILE_OUT, returns=1)
def checkpoint_bounded(state, path, mb):
    """bounded: learned among 25, 50, 100 and 200 MB/s."""
    return write_block(state, path, mb)


CHECKPOINTS = {
    "baseline": checkpoint, "io": checkpoint_io, "static25": checkpoint_bw25, "static50": checkpoint_bw50,
    "static100": checkpoint_bw100, "static200": checkpoint_bw200, "auto": checkpoint_auto,
    "bounded": checkpoint_bounded,
}


def main(mode, phases, slots, compute_ms, mb, directory=".", keep="last"):
    if mode not in MODES:
        raise SystemExit(f"unknown mode {mode} (one of {', '.join(MODES)})")
    if keep not in ("last", "none"):
        raise SystemExit(f"keep must be last or none, not {keep}")
    write = CHECKPOINTS[mode]
    os.makedirs(directory, exist_ok=True)
    start = time.perf_counter()
    states = list(range(slots))
    paths, sizes = [], []
    for phase in range(phases):
        for slot in range(slots):
            states[slot] = compute(states[slot], compute_ms)
            path = os.path.join(directory, f"ckpt-p{phase}-s{slot}.bin")
            paths.append(path)
            sizes.append(write(states[slot], path, mb))
    sizes = compss_wait_on(sizes)
    elapsed_ms = int((time.perf_counter() - start) * 1000)
    states = compss_wait_on(states)
    expected = mb << 20
    good = [s for s in sizes if s == expected]
    checksum = 0
    for s in states:
        checksum = (checksum * 31 + s) & MASK
    print(f"result blocks={len(good)} bytes={sum(good)} states={checksum:x}")
    print(f"elapsed_ms {elapsed_ms}")
    older = paths if keep == "none" else paths[:-slots]
    for path in older:
        compss_delete_file(path)


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) < 5:
        raise SystemExit("usage: checkpoint.py <mode> <phases> <slots> <computeMs> <mb> [dir] [keep]")
    main(a[0], int(a[1]), int(a[2]), int(a[3]), int(a[4]), *a[5:7])
