"""Continuous data generation (hybrid workflow example a, docs/HYBRID.md), the Python twin of
tests/apps/java/simulations.

Usage: ``braid-run simulations.py hybrid|tasks <simulations> <files per simulation> <step ms> <process ms> <dir>``.

Hybrid: each simulation is a task that writes its output files into the base directory of a
FileDistroStream (STREAM_OUT) while it runs; the main program polls the streams and starts a
processing task per file at once, so processing overlaps generation; a chain of merge tasks per
simulation adds the results. Task-only: the simulations write every file, then, after a barrier,
the main program starts the processing. Prints ``sim <s> total=<n> files=<k> expected=<e>`` per
simulation and ``elapsed_ms=<ms> mode=<mode>``.
"""

import os
import sys
import time

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.parameter import FILE_IN, STREAM_OUT
from braid.api.task import task
from braid.streams.distro_stream import FileDistroStream


def write_outputs(directory, sim, files, step_ms):
    """File k of simulation s holds the numbers 1..10(s+1)+k, one per line; one file every step_ms."""
    os.makedirs(directory, exist_ok=True)
    for k in range(files):
        time.sleep(step_ms / 1000)
        numbers = "".join(f"{v}\n" for v in range(1, 10 * (sim + 1) + k + 1))
        # In a stream's directory, closing the file publishes it (the stream hands out closed files only).
        with open(os.path.join(directory, f"sim{sim}-step{k:03d}.txt"), "w") as f:
            f.write(numbers)


@task(out=STREAM_OUT)
def simulate(out, sim, files, step_ms):
    """Hybrid: every file written into the stream's directory is published as soon as it is closed."""
    write_outputs(out.base_dir, sim, files, step_ms)
    out.close()


@task()
def simulate_to_dir(directory, sim, files, step_ms):
    """Task-only: the same simulation, every file written before the task ends."""
    write_outputs(directory, sim, files, step_ms)


@task(path=FILE_IN, returns=1)
def process(path, work_ms):
    with open(path) as f:
        total = sum(int(line) for line in f if line.strip())
    time.sleep(work_ms / 1000)
    return total


@task(returns=1)
def merge(total, part):
    return total + part


def expected(sim, files):
    """What simulation sim must total (computed here, for checking)."""
    return sum(n * (n + 1) // 2 for n in (10 * (sim + 1) + k for k in range(files)))


def hybrid(directory, sims, files, step_ms, work_ms, totals, counts):
    streams = []
    for s in range(sims):
        sim_dir = os.path.join(directory, f"sim{s}")
        os.makedirs(sim_dir, exist_ok=True)
        stream = FileDistroStream(base_dir=sim_dir)
        streams.append(stream)
        simulate(stream, s, files, step_ms)
    done = [False] * sims
    open_streams = sims
    while open_streams > 0:
        for s in range(sims):
            if done[s]:
                continue
            closed = streams[s].is_closed()  # checked before polling: the poll after closure reads the rest
            for path in streams[s].poll(200 if open_streams == 1 else 20):
                totals[s] = merge(totals[s], process(path, work_ms))
                counts[s] += 1
            if closed:
                done[s] = True
                open_streams -= 1


def task_only(directory, sims, files, step_ms, work_ms, totals, counts):
    for s in range(sims):
        simulate_to_dir(os.path.join(directory, f"sim{s}"), s, files, step_ms)
    compss_barrier()
    for s in range(sims):
        sim_dir = os.path.join(directory, f"sim{s}")
        for name in sorted(os.listdir(sim_dir)):
            totals[s] = merge(totals[s], process(os.path.join(sim_dir, name), work_ms))
            counts[s] += 1


def main(argv):
    mode, sims, files, step_ms, work_ms = argv[0], int(argv[1]), int(argv[2]), int(argv[3]), int(argv[4])
    directory = os.path.abspath(argv[5])
    start = time.monotonic()
    totals = [0] * sims
    counts = [0] * sims
    if mode == "hybrid":
        hybrid(directory, sims, files, step_ms, work_ms, totals, counts)
    elif mode == "tasks":
        task_only(directory, sims, files, step_ms, work_ms, totals, counts)
    else:
        raise SystemExit(f"mode must be hybrid or tasks, not {mode}")
    totals = compss_wait_on(totals)
    for s in range(sims):
        print(f"sim {s} total={totals[s]} files={counts[s]} expected={expected(s, files)}")
    print(f"elapsed_ms={int((time.monotonic() - start) * 1000)} mode={mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
