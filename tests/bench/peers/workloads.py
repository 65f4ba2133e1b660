"""The workloads of tests/bench/peers, written once over a small adapter per system, in the order
and with the warm-up of Braid's side (tests/bench/throughput/src/bench/Peers.java).
Prints "RESULT name value unit" lines."""
import time

WARM_LINKS = 100


def run(system, tasks, links, width, warm):
    """Warm-up (warm no-op tasks, a 100-link chain), then no-op tasks as a map (systems with a
    batch call only) and as single submits, a chain, and a fan-in."""
    _noops(system, warm, batch=False)
    _chain(system, WARM_LINKS)
    if system.has_map:
        print(f"RESULT map {tasks / _noops(system, tasks, batch=True):.1f} tasks/s", flush=True)
    print(f"RESULT submits {tasks / _noops(system, tasks, batch=False):.1f} tasks/s", flush=True)
    print(f"RESULT chain {_chain(system, links) * 1e3 / links:.3f} ms/link", flush=True)
    _fan_in(system, width)


def once(system):
    """The start-up workload: one task whose result is read (the bench times the whole process)."""
    value = system.result(system.submit("inc", 0))
    _check(value == 1, f"one task gave {value}")
    print("RESULT once 1 task", flush=True)


def _noops(system, n, batch):
    t0 = time.perf_counter()
    futures = system.map("noop", range(n)) if batch else [system.submit("noop", i) for i in range(n)]
    system.wait(futures)
    elapsed = time.perf_counter() - t0
    system.check_done(futures)
    return elapsed


def _chain(system, n):
    t0 = time.perf_counter()
    x = 0
    for _ in range(n):
        x = system.submit("inc", x)
    value = system.result(x)
    elapsed = time.perf_counter() - t0
    _check(value == n, f"chain of {n} gave {value}")
    return elapsed


def _fan_in(system, width):
    """From the return of the last producer's submit to the reducer's result (its submit included)."""
    t0 = time.perf_counter()
    items = [system.submit("item", i) for i in range(width)]
    last_submit = time.perf_counter()
    value = system.result(system.reduce(items))
    t1 = time.perf_counter()
    _check(value == width * (width - 1) // 2, f"fan-in of {width} gave {value}")
    print(f"RESULT fanin {t1 - last_submit:.3f} s", flush=True)
    print(f"RESULT fanin_total {t1 - t0:.3f} s", flush=True)


def _check(ok, message):
    if not ok:
        raise SystemExit(f"workloads: {message}")
