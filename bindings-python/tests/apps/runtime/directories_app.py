"""DIRECTORY_IN / DIRECTORY_OUT / DIRECTORY_INOUT on the runtime (test_runtime.py)."""

import os
import sys

from braid.api.api import compss_barrier, compss_wait_on, compss_wait_on_directory
from braid.api.parameter import DIRECTORY_IN, DIRECTORY_INOUT, DIRECTORY_OUT
from braid.api.task import task


def files_of(d):
    """{relative path: content} of every file under d."""
    out = {}
    for root, _, names in os.walk(d):
        for name in names:
            path = os.path.join(root, name)
            with open(path) as f:
                out[os.path.relpath(path, d)] = f.read()
    return dict(sorted(out.items()))


@task(d=DIRECTORY_OUT)
def make(d, n):
    assert os.path.isdir(d) and not os.listdir(d), f"an OUT directory starts empty: {os.listdir(d)}"
    for i in range(n):
        with open(os.path.join(d, f"part{i}.txt"), "w") as f:
            f.write(str(i))
    os.makedirs(os.path.join(d, "sub"))
    with open(os.path.join(d, "sub", "deep.txt"), "w") as f:
        f.write("deep")


@task(d=DIRECTORY_INOUT)
def append(d, name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)
    os.remove(os.path.join(d, "part0.txt"))


@task(d=DIRECTORY_IN, returns=1)
def listing(d):
    return os.path.basename(d), files_of(d)


@task(d=DIRECTORY_IN, returns=1)
def tamper(d):
    with open(os.path.join(d, "tampered.txt"), "w") as f:
        f.write("an IN directory's changes stay on the worker")
    return os.getpid()


if __name__ == "__main__":
    work = sys.argv[1]
    out = os.path.join(work, "results")
    make(out, 3)
    append(out, "extra.txt", "x")
    print("listing", compss_wait_on(listing(out)))
    print("before-wait", os.path.exists(out))
    compss_wait_on_directory(out)
    print("after-wait", files_of(out))

    src = os.path.join(work, "src")
    os.makedirs(src)
    with open(os.path.join(src, "a.txt"), "w") as f:
        f.write("1")
    first = listing(src)
    with open(os.path.join(src, "b.txt"), "w") as f:
        f.write("2")
    second = listing(src)
    print("in", compss_wait_on(first)[1], compss_wait_on(second)[1])
    tamper(src)
    compss_barrier()
    print("in-untouched", sorted(os.listdir(src)))

    make(os.path.join(work, "late"), 1)  # written, never waited on: there when the run ends
