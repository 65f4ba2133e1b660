"""One system's process in tests/bench/peers: Dask distributed or Parsl, set up as one local worker
with 2 computing units (Braid's default local worker on this 2-core machine).

Usage: python peer.py <dask|dask-inf|parsl-htex|parsl-threads> once
       python peer.py <system> peers <tasks> <links> <width> <warm-up tasks>
(run by driver.py with this directory on PYTHONPATH, so the workers import tasks.py)
"""
import concurrent.futures
import logging
import os
import sys

import tasks
import workloads

UNITS = 2


class DaskSystem:
    """A LocalCluster of one worker process with 2 threads; `inf` sets worker-saturation: inf."""
    has_map = True

    def __init__(self, saturation_inf):
        import dask
        from distributed import Client, LocalCluster
        if saturation_inf:
            dask.config.set({"distributed.scheduler.worker-saturation": "inf"})
        self._cluster = LocalCluster(n_workers=1, threads_per_worker=UNITS, processes=True,
                                     dashboard_address=None, silence_logs=logging.ERROR)
        self._client = Client(self._cluster)

    def submit(self, name, *args):
        return self._client.submit(getattr(tasks, name), *args, pure=False)

    def map(self, name, seq):
        return self._client.map(getattr(tasks, name), seq, pure=False)

    def reduce(self, futures):
        return self._client.submit(tasks.total, futures, pure=False)

    def wait(self, futures):
        from distributed import wait
        wait(futures)

    def result(self, future):
        return future.result()

    def check_done(self, futures):
        bad = [f for f in futures if f.status != "finished"]
        workloads._check(not bad, f"{len(bad)} Dask tasks did not finish ({bad[:1]})")

    def close(self):
        self._client.close()
        self._cluster.close()


class ParslSystem:
    """Parsl with one HighThroughputExecutor block of 2 workers on this host, or a 2-thread
    ThreadPoolExecutor. Parsl has no batch call: its "map" is the loop of app calls of "submits"."""
    has_map = False

    def __init__(self, kind, run_dir):
        import parsl
        from parsl.config import Config
        from parsl.executors import HighThroughputExecutor, ThreadPoolExecutor
        from parsl.providers import LocalProvider
        if kind == "htex":
            executor = HighThroughputExecutor(label="htex", max_workers_per_node=UNITS, cores_per_worker=1,
                                              address="127.0.0.1",
                                              provider=LocalProvider(init_blocks=1, min_blocks=1, max_blocks=1))
        else:
            executor = ThreadPoolExecutor(label="threads", max_threads=UNITS)
        self._dfk = parsl.load(Config(executors=[executor], run_dir=run_dir))
        self._apps = {name: parsl.python_app(getattr(tasks, name)) for name in ("noop", "inc", "item", "total_args")}

    def submit(self, name, *args):
        return self._apps[name](*args)

    def reduce(self, futures):
        return self._apps["total_args"](*futures)

    def wait(self, futures):
        concurrent.futures.wait(futures)

    def result(self, future):
        return future.result()

    def check_done(self, futures):
        bad = [f for f in futures if f.exception() is not None]
        workloads._check(not bad, f"{len(bad)} Parsl tasks failed ({bad[0].exception() if bad else ''})")

    def close(self):
        import parsl
        self._dfk.cleanup()
        parsl.clear()


def make(name):
    if name in ("dask", "dask-inf"):
        return DaskSystem(saturation_inf=name == "dask-inf")
    if name in ("parsl-htex", "parsl-threads"):
        return ParslSystem(name.split("-")[1], os.environ.get("PEERS_RUN_DIR", "runinfo"))
    raise SystemExit(f"peer.py: unknown system {name!r} (dask, dask-inf, parsl-htex, parsl-threads)")


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("once", "peers") or (sys.argv[2] == "peers" and len(sys.argv) != 7):
        raise SystemExit(__doc__)
    system = make(sys.argv[1])
    try:
        if sys.argv[2] == "once":
            workloads.once(system)
        else:
            workloads.run(system, *(int(a) for a in sys.argv[3:7]))
    finally:
        system.close()


if __name__ == "__main__":
    main()
