"""Runs tests/bench/peers: the same workloads on Braid (Java, and Python when `braid-run
--lang=python` really runs tasks), Dask distributed and Parsl, taking turns in each round
(A B C ... A B C ...), and prints one table of medians with Braid's lead over each peer.
Started by ./run, which makes the venv and compiles Braid's side; see README.md.
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BRAID_RUN = os.path.join(ROOT, "scripts", "braid-run")

SYSTEMS = ["braid-java", "braid-python", "dask", "dask-inf", "parsl-htex", "parsl-threads"]
BRAIDS = ["braid-java", "braid-python"]
TITLES = {"braid-java": "Braid Java", "braid-python": "Braid Python", "dask": "Dask",
          "dask-inf": "Dask sat=inf", "parsl-htex": "Parsl HTEX", "parsl-threads": "Parsl threads"}
# (result name, label, unit, higher is better)
ROWS = [("map", "no-op tasks, map", "tasks/s", True),
        ("submits", "no-op tasks, single submits", "tasks/s", True),
        ("chain", "chain", "ms/link", False),
        ("fanin", "fan-in, last submit -> result", "s", False),
        ("fanin_total", "fan-in, first submit -> result", "s", False),
        ("fanin_tree", "fan-in as a tree of 10-input tasks", "s", False),
        ("startup", "start-up, one-task app (wall)", "s", False)]


def parse(out):
    results = {}
    for line in out.splitlines():
        if line.startswith("RESULT "):
            _, name, value, *_ = line.split()
            results[name] = float(value)
    return results


def last_line(text):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no output"


class Runner:
    def __init__(self, args):
        self.args = args
        self.work = args.work
        self.logs = os.path.join(self.work, "logs")
        self.env = dict(os.environ)
        venv_bin = os.path.dirname(sys.executable)
        # Parsl's HTEX starts interchange.py and process_worker_pool.py from PATH; the peers'
        # workers and Braid-Python's import tasks.py / workloads.py from this directory.
        self.env["PATH"] = venv_bin + os.pathsep + self.env.get("PATH", "")
        self.env["PYTHONPATH"] = HERE + os.pathsep + self.env.get("PYTHONPATH", "")
        self.env["PEERS_RUN_DIR"] = os.path.join(self.work, "runinfo")

    def command(self, system, *workload):
        if system == "braid-java":
            return [BRAID_RUN, f"--base_log_dir={self.logs}", "-cp", self.args.classes, "bench.Main", *workload]
        if system == "braid-python":
            return [BRAID_RUN, "--lang=python", f"--base_log_dir={self.logs}",
                    os.path.join(HERE, "braid_app.py"), *workload]
        return [sys.executable, os.path.join(HERE, "peer.py"), system, *workload]

    def run(self, system, *workload):
        """(results, wall seconds, error line or None) of one process."""
        t0 = time.perf_counter()
        # A session of its own, so a process that runs over its time is stopped with the workers
        # and pools it started.
        child = subprocess.Popen(self.command(system, *workload), cwd=self.work, env=self.env, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            stdout, stderr = child.communicate(timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            return {}, None, f"timed out after {self.args.timeout} s"
        wall = time.perf_counter() - t0
        p = subprocess.CompletedProcess(child.args, child.returncode, stdout, stderr)
        with open(os.path.join(self.work, f"{system}.log"), "a") as log:
            log.write(f"$ {' '.join(self.command(system, *workload))}\n{p.stdout}{p.stderr}\n")
        results = parse(p.stdout)
        if p.returncode != 0 or not results:
            return results, wall, f"exit {p.returncode}: {last_line(p.stderr or p.stdout)}"
        return results, wall, None

    def braid_python_probe(self):
        """None when braid-run --lang=python runs tasks in other processes, else why not."""
        results, _, error = self.run("braid-python", "probe")
        if error:
            return error
        if results.get("probe") != 1:
            return "its tasks ran in the main program's process (a sequential run)"
        return None


def table(samples, systems, unavailable):
    """One table: medians per system, then Braid's lead over each peer (> 1: Braid is better)."""
    peers = [s for s in systems if s not in BRAIDS]
    columns = [s for s in SYSTEMS if s in systems or s in unavailable]
    width = max(12, *(len(TITLES[s]) for s in columns))
    lines = []
    head = f"{'workload':38} {'unit':8}" + "".join(f" {TITLES[s]:>{width}}" for s in columns)
    lines += [head, "-" * len(head)]
    for name, label, unit, higher in ROWS:
        med, loop = {}, set()
        for s in columns:
            got = samples.get(s, {})
            vals = got.get(name, [])
            if name == "map" and not vals and got.get("submits"):
                vals = got["submits"]  # no batch call: a map is the loop of single submits
                loop.add(s)
            med[s] = statistics.median(vals) if vals else None
        if all(v is None for v in med.values()):
            continue
        cells = []
        for s in columns:
            if s in unavailable:
                cells.append("n/a")
            elif med[s] is None:
                cells.append("-")
            else:
                cells.append((f"{med[s]:,.0f}" if unit == "tasks/s" else f"{med[s]:.3f}") + ("*" if s in loop else ""))
        lines.append(f"{label:38} {unit:8}" + "".join(f" {c:>{width}}" for c in cells))
        for b in BRAIDS:
            if b not in columns or med.get(b) is None or not any(med[s] for s in peers):
                continue
            cells = []
            for s in columns:
                if s in peers and med[s]:
                    ratio = med[b] / med[s] if higher else med[s] / med[b]
                    cells.append(f"x{ratio:,.1f}" if ratio >= 10 else f"x{ratio:.2f}")
                else:
                    cells.append("")
            lines.append(f"{'  ' + TITLES[b] + ' lead':38} {'':8}" + "".join(f" {c:>{width}}" for c in cells))
    counts = ["n/a" if s in unavailable else str(len(samples.get(s, {}).get("submits", []))) for s in columns]
    lines.append(f"{'rounds with results':38} {'':8}" + "".join(f" {c:>{width}}" for c in counts))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--work", required=True)
    ap.add_argument("--classes", required=True, help="compiled tests/bench/throughput")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tasks", type=int, default=20_000)
    ap.add_argument("--links", type=int, default=1_000)
    ap.add_argument("--width", type=int, default=10_000)
    ap.add_argument("--warm", type=int, default=2_000)
    ap.add_argument("--timeout", type=int, default=600, help="seconds per process")
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    args = ap.parse_args()
    args.work, args.classes = os.path.abspath(args.work), os.path.abspath(args.classes)
    runner = Runner(args)
    systems = [s for s in args.systems.split(",") if s]
    bad = [s for s in systems if s not in SYSTEMS]
    if bad:
        raise SystemExit(f"peers: unknown system {bad[0]!r} (known: {', '.join(SYSTEMS)})")
    unavailable = {}
    if "braid-python" in systems:
        why = runner.braid_python_probe()
        if why:
            unavailable["braid-python"] = why
            systems.remove("braid-python")
            print(f"# Braid Python: not available: {why}", flush=True)
    load = os.getloadavg()
    print(f"# {args.rounds} rounds of: {args.tasks:,} no-op tasks (map where there is a batch call, single submits), a {args.links:,}-link chain, "
          f"a {args.width:,}-wide fan-in, a one-task app; warm-up {args.warm:,} tasks; "
          f"load average at start {load[0]:.1f} on {os.cpu_count()} cores", flush=True)
    started = time.perf_counter()
    samples, failures = {}, []
    workload = ["peers", str(args.tasks), str(args.links), str(args.width), str(args.warm)]
    for r in range(1, args.rounds + 1):
        for s in systems:
            got = samples.setdefault(s, {})
            results, wall, error = runner.run(s, "once")
            if error:
                failures.append(f"round {r} {s} start-up: {error}")
            else:
                got.setdefault("startup", []).append(wall)
            results, wall, error = runner.run(s, *workload)
            if error:
                failures.append(f"round {r} {s}: {error}")
            for name, value in results.items():
                got.setdefault(name, []).append(value)
            print(f"# round {r} {s}: " + (error or " ".join(f"{k}={v:g}" for k, v in results.items())), flush=True)
    print(f"# load average at the end {os.getloadavg()[0]:.1f}; {time.perf_counter() - started:.0f} s for the rounds")
    text = table(samples, systems, unavailable)
    print(text)
    print("# lead: Braid's figure over the peer's (throughput) or the peer's over Braid's (times); > 1: Braid is better.")
    print("# *: no batch call (Braid, Parsl): the map row repeats the single submits' figure.")
    print("# Braid Java's fan-in: the reducer takes the results as one COLLECTION parameter (a dependency per producer, "
          "nothing through the main program); the tree row reduces them with 10-input tasks instead (1,111 for 10,000).")
    for f in failures:
        print(f"# FAILED {f}")
    with open(os.path.join(args.work, "last-run.json"), "w") as out:
        json.dump({"args": vars(args), "samples": samples, "unavailable": unavailable, "failures": failures},
                  out, indent=1)
    with open(os.path.join(args.work, "last-table.txt"), "w") as out:
        out.write(text + "\n")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
