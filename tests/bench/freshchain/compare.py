#!/usr/bin/env python3
"""A fresh run's first links, phase by phase, for several builds or settings taking turns.

Usage: compare.py ROUNDS LABEL=JAR[@VAR=VALUE...] ...
  e.g. compare.py 8 before=/tmp/old/braid.jar after=runtime/dist/target/braid.jar
       compare.py 4 c1=runtime/dist/target/braid.jar@BRAID_MASTER_JVM_OPTS=-XX:CompileThresholdScaling=5
  (WOPTS=... is passed as --jvm_workers_opts). Each round runs every set-up once, in the order given,
  so that a loaded machine weighs on all alike. A jar's class-data archive (braid.jsa beside it) must
  have been made for that path. Per run and as medians: ms per link of the 100-link chain (the run's
  first tasks), the CPU the master and the worker used during it, and its phases from the marks:
  first = chain start -> first link starts on the worker; gap1 = first -> second link; gaps = second ->
  last link; wake = last link starts -> the main program has its result; cpu = the whole run's CPU.
"""
import os, re, resource, statistics, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
links_file = os.path.join(tempfile.gettempdir(), "freshchain-links.txt")


def setups(specs):
    for s in specs:
        label, rest = s.split("=", 1)
        jar, *env = rest.split("@")
        yield label, jar, dict(e.split("=", 1) for e in env)


def one(jar, env, classes, logs):
    env = dict(env)
    wopts = env.pop("WOPTS", None)
    cmd = [os.path.join(root, "scripts", "braid-run"), "--base_log_dir=" + logs]
    cmd += ["--jvm_workers_opts=" + wopts] if wopts else []
    cmd += ["-cp", classes, "freshchain.Main", "100", "1"]
    if os.path.exists(links_file):
        os.remove(links_file)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.time()
    out = subprocess.run(cmd, env=dict(os.environ, BRAID_JAR=jar, **env), capture_output=True, text=True)
    wall = time.time() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    link = re.search(r"round0 ([\d.]+) ms/link", out.stdout)
    cpu = re.search(r"cpu0 master ([\d.]+) ms worker ([\d.]+) ms", out.stdout)
    if not link or not cpu:
        return None, out.stderr.strip()[-300:]
    starts, marks = [], None
    for line in open(links_file):
        p = line.split()
        if p[0] == "S":
            marks = [int(v) for v in p[2:]]
        else:
            starts.append(int(p[2]))
    t0, _, t1 = marks
    return dict(link=float(link.group(1)), mcpu=float(cpu.group(1)), wcpu=float(cpu.group(2)),
                first=(starts[0] - t0) / 1e6, gap1=(starts[1] - starts[0]) / 1e6, gaps=(starts[-1] - starts[1]) / 1e6,
                wake=(t1 - starts[-1]) / 1e6, wall=wall,
                cpu=after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), None


def main():
    rounds, specs = int(sys.argv[1]), list(setups(sys.argv[2:]))
    work = tempfile.mkdtemp(prefix="freshchain-")
    classes = os.path.join(work, "classes")
    src = os.path.join(root, "tests", "bench", "freshchain", "src", "freshchain")
    subprocess.run(["javac", "-d", classes, "-cp", specs[0][1]] + [os.path.join(src, f) for f in sorted(os.listdir(src))],
                   check=True)
    results = {label: [] for label, _, _ in specs}
    for r in range(rounds):
        for label, jar, env in specs:
            load = float(open("/proc/loadavg").read().split()[0])
            d, err = one(jar, env, classes, os.path.join(work, "logs"))
            if d is None:
                print(r, label, "FAILED", err, flush=True)
                continue
            d["load"] = load
            results[label].append(d)
            print(r, label, " ".join(f"{k}={v:.2f}" for k, v in d.items()), flush=True)
    print("medians:")
    for label, runs in results.items():
        if runs:
            print(label, len(runs), "runs:", " ".join(f"{k}={statistics.median(x[k] for x in runs):.2f}" for k in runs[0]))


if __name__ == "__main__":
    main()
