#!/usr/bin/env python3
"""Start-up of braid-run (issue 27): a one-task Java application, and the first element of an
object stream with --streaming=OBJECTS, with the time of each phase taken from the run's logs.

Usage: bench.py [--rounds N] [--jars A.jar,B.jar] [--classes DIR] [--logs DIR]

Each round runs startup.Once (one task, its result read; default options: one local worker, no
stream used, so no broker) and then startup.FirstElement (a task publishes one element on an
object stream, the main program polls it; --streaming=OBJECTS), both at --log_level=info.
With --jars, every round runs each jar's pair in turn (BRAID_JAR=...; a jar's class-data archive
is the .jsa beside it), for before/after comparisons on a loaded machine; an entry
JAR+VAR=VALUE[+VAR=VALUE] also sets those environment variables (JAR may be empty: this build),
e.g. --jars +BRAID_WORKER_NICE=10,+BRAID_WORKER_NICE=0.
One round prints "RESULT <name> <value> <unit>" lines (tests/bench/run startup takes medians);
several rounds print the per-phase medians too. once_cpu / stream_cpu: the CPU time (user + system)
of braid-run and the processes it waited for (its local worker included), from getrusage. Every
round reports the machine's 1-minute load average before it, since other work on this machine
stretches every phase.
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
STAMP = re.compile(r"^(\d\d):(\d\d):(\d\d)\.(\d\d\d) ")


def log_lines(path):
    try:
        with open(path, errors="replace") as f:
            return [line.rstrip("\n") for line in f]
    except FileNotFoundError:
        return []


def stamp(line, t0):
    """Epoch ms of a log line's HH:MM:SS.mmm (local time), on the day of t0 (epoch ms)."""
    m = STAMP.match(line)
    if not m:
        return None
    h, mi, s, ms = (int(x) for x in m.groups())
    day = time.localtime(t0 / 1000)
    midnight = time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 0, 0, 0, 0, 0, -1)) * 1000
    t = midnight + ((h * 60 + mi) * 60 + s) * 1000 + ms
    if t < t0 - 3_600_000:  # the run crossed midnight
        t += 86_400_000
    return t


def first(lines, pattern, t0):
    for line in lines:
        if re.search(pattern, line):
            return stamp(line, t0)
    return None


def number(lines, pattern):
    for line in lines:
        m = re.search(pattern, line)
        if m:
            return float(m.group(1))
    return None


def printed(out, word):
    m = re.search(r"^" + word + r" (\d+)(?: published (\d+))?", out, re.M)
    return (int(m.group(1)), int(m.group(2)) if m.group(2) else None) if m else (None, None)


def one_run(variant, classes, logs, main, extra):
    env = dict(os.environ)
    jar, *assignments = variant.split("+")
    if jar:
        env["BRAID_JAR"] = jar
    for a in assignments:
        k, v = a.split("=", 1)
        env[k] = v
    base = tempfile.mkdtemp(dir=logs)
    cmd = [os.path.join(ROOT, "scripts", "braid-run"), "--log_level=info", "--base_log_dir=" + base, *extra,
           "-cp", classes, main]
    t0 = time.time() * 1000
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    t_end = time.time() * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU of braid-run and of the processes it waited for (the master reaps its local worker)
    cpu_ms = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    if p.returncode != 0:
        sys.stderr.write(f"braid-run {main} failed ({p.returncode}):\n{p.stdout}{p.stderr}\n")
        return None
    run_dir = os.path.join(base, os.listdir(base)[0])
    master = log_lines(os.path.join(run_dir, "runtime.log"))
    worker = log_lines(os.path.join(run_dir, "workers", "localhost.log"))
    main_start = printed(p.stdout, "MAIN_START")[0]
    marks = {
        "setup": first(master, r"run set-up starts", t0),
        "classes": first(master, r"application classes read", t0),
        "launched": first(master, r"started worker localhost", t0),
        "worker_main": first(worker, r"worker main starts", t0),
        "hello": first(worker, r"worker localhost up", t0),
        "connected": first(master, r"worker localhost connected", t0),
        "main": main_start,
        "finished": first(master, r"run finished with status", t0),
    }
    phases = {}

    def span(name, a, b):
        if a is not None and b is not None:
            phases[name] = b - a

    span("jvm_and_options", t0, marks["setup"])
    span("app_classes", marks["setup"], marks["classes"])
    span("master_init", marks["classes"], marks["launched"])
    span("worker_jvm_start", marks["launched"], marks["worker_main"])
    span("worker_init", marks["worker_main"], marks["hello"])
    span("worker_connect", marks["hello"], marks["connected"])
    span("to_app_main", marks["connected"], marks["main"])
    result = {}
    if main == "startup.Once":
        done = printed(p.stdout, "TASK_RESULT")[0]
        span("first_task", marks["main"], done)
        span("shutdown", done, marks["finished"])
        span("exit", marks["finished"], t_end)
        result["once_wall"] = t_end - t0
        result["once_cpu"] = cpu_ms
    else:
        got, published = printed(p.stdout, "FIRST_ELEMENT")
        submitted = printed(p.stdout, "SUBMITTED")[0]
        span("submit_stream_task", marks["main"], submitted)
        span("task_to_publish", submitted, published)
        span("publish_to_poll", published, got)
        span("stream_close_and_exit", got, t_end)
        broker = number(master, r"object streams ready at \S+ after (\d+) ms")
        if broker is not None:
            phases["broker_start"] = broker
        topic = number(master, r"topic of object stream \S+ created in (\d+) ms")
        if topic is not None:
            phases["topic_creation"] = topic
        result["first_element"] = got - t0
        result["stream_wall"] = t_end - t0
        result["stream_cpu"] = cpu_ms
    prefix = "once_" if main == "startup.Once" else "stream_"
    for k, v in phases.items():
        result[prefix + k] = v
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--jars", default="")
    ap.add_argument("--classes", default="")
    ap.add_argument("--logs", default="")
    a = ap.parse_args()
    jars = [j for j in a.jars.split(",") if j] or [""]
    work = tempfile.mkdtemp(prefix="braid-startup-")
    try:
        classes = a.classes
        if not classes:
            classes = os.path.join(work, "classes")
            jar = jars[0].split("+")[0] or os.path.join(ROOT, "runtime", "dist", "target", "braid.jar")
            src = os.path.join(ROOT, "tests", "bench", "startup", "src", "startup")
            subprocess.run(["javac", "-d", classes, "-cp", jar]
                           + [os.path.join(src, f) for f in sorted(os.listdir(src))], check=True)
        logs = a.logs or os.path.join(work, "logs")
        os.makedirs(logs, exist_ok=True)
        collected = {j: {} for j in jars}
        for r in range(a.rounds):
            for j in jars:
                tag = "" if len(jars) == 1 else f"@{j}"
                load = float(open("/proc/loadavg").read().split()[0])
                got = {"load_1min": load}
                for main_class, extra in (("startup.Once", []), ("startup.FirstElement", ["--streaming=OBJECTS"])):
                    res = one_run(j, classes, logs, main_class, extra)
                    if res:
                        got.update(res)
                    # a failed run (its output went to stderr) counts here, so that medians of the
                    # others are not read as the whole story
                    name = "once_failed" if main_class == "startup.Once" else "stream_failed"
                    got[name] = 0 if res else 1
                for k, v in got.items():
                    unit = "" if k in ("load_1min", "once_failed", "stream_failed") else "ms"
                    print(f"RESULT {k}{tag} {v:.0f} {unit}" if unit else f"RESULT {k}{tag} {v:.2f}", flush=True)
                    collected[j].setdefault(k, []).append(v)
        if a.rounds > 1:
            for j in jars:
                print(f"# medians of {a.rounds} rounds{' for ' + j if j else ''}")
                for k, v in collected[j].items():
                    if k.endswith("_failed"):
                        print(f"failed {k[:-7]} {sum(v):.0f} of {len(v)} runs")
                        continue
                    print(f"median {k} {statistics.median(v):.{2 if k == 'load_1min' else 0}f}"
                          f" (runs: {' '.join(f'{x:g}' for x in v)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)  # --logs, when given, is elsewhere and stays


if __name__ == "__main__":
    main()
