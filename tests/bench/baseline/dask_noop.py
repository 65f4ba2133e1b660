"""Baseline for Braid's throughput benchmark: N independent no-op tasks on Dask distributed,
one local worker process with every core (the same shape as `bench.Main throughput N` on one
local Braid worker). Prints "RESULT dask_throughput <tasks/s> tasks/s".

Usage: python dask_noop.py [N]          throughput of N no-op tasks
       python dask_noop.py chain N    ms per link of a chain of N tasks, each taking the previous
                                      result (after 5,000 warm-up links), like `bench.Main chain N`
(needs dask[distributed]; tests/bench/run installs it in a venv)
"""
import os
import sys
import time

from dask.distributed import Client, LocalCluster, wait


def noop(i):
    return None


def inc(x):
    return x + 1


def chain(client, n):
    x = 0
    for _ in range(5_000):  # warm-up
        x = client.submit(inc, x, pure=False)
    x.result()
    t0 = time.perf_counter()
    x = 0
    for _ in range(n):
        x = client.submit(inc, x, pure=False)
    value = x.result()
    t1 = time.perf_counter()
    assert value == n, value
    print(f"RESULT dask_chain_latency {(t1 - t0) * 1000 / n:.3f} ms/link", flush=True)


def main():
    cores = os.cpu_count() or 1
    with LocalCluster(n_workers=1, threads_per_worker=cores, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        if len(sys.argv) > 2 and sys.argv[1] == "chain":
            chain(client, int(sys.argv[2]))
            return
        n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
        wait(client.map(noop, range(2_000), pure=False))  # warm-up
        t0 = time.perf_counter()
        futures = client.map(noop, range(n), pure=False)
        wait(futures)
        t1 = time.perf_counter()
        print(f"RESULT dask_throughput {n / (t1 - t0):.0f} tasks/s", flush=True)


if __name__ == "__main__":
    main()
