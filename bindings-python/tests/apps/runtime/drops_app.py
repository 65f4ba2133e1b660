"""Futures the program drops are released on the master (test_runtime.py counts the drops in the
runtime's debug log), and their data deleted on the worker: Futures dropped together (a list of
them, after their tasks ended) go in one release call and one deletion message (the worker's log)."""

import gc
import sys

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.task import task


@task(returns=1)
def make(i):
    return [i] * 1000


if __name__ == "__main__":
    n = int(sys.argv[1])
    for i in range(n):
        make(i)  # the Future is dropped at once, never waited on
    kept = make(-1)
    waited = make(-2)
    print("waited", compss_wait_on(waited)[0])
    del waited
    gc.collect()
    compss_barrier()
    print("kept", compss_wait_on(kept)[0])
    batch = [make(1000 + i) for i in range(int(sys.argv[2]))]
    compss_barrier()  # their tasks have ended: their data can go at once
    del batch  # dropped together: released together at the next call
    compss_barrier()
    print("batch released")
