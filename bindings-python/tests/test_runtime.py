"""Applications run by ``scripts/braid-run`` (runtime mode): the Python main program drives the Java
master in its own process through libbraid, tasks run in Python processes of a local worker.

Needs this repository's build: runtime/dist/target/braid.jar and bindings-c/target/build/libbraid.so
(run-tests.sh builds libbraid when it is missing). The interpreter running pytest (the test venv,
with this package installed) runs the applications and the workers' tasks.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import APPS

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BRAID_RUN = os.path.join(REPO, "scripts", "braid-run")
RUNTIME_APPS = os.path.join(APPS, "runtime")


def braid_run(tmp_path, app, *args, options=(), timeout=300, env=None):
    """Runs ``braid-run [options] app args`` and returns the finished process (text output)."""
    environment = dict(os.environ, BRAID_PYTHON=sys.executable)
    environment.pop("PYTHONPATH", None)  # the installed package, as a user has it
    environment.update(env or {})
    command = [BRAID_RUN, f"--base_log_dir={tmp_path / 'logs'}", *options, app, *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=environment,
                          cwd=tmp_path)


def lines(done):
    return done.stdout.splitlines()


def explain(done):
    return f"exit {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"


@pytest.fixture(scope="module", autouse=True)
def built():
    jar = os.path.join(REPO, "runtime", "dist", "target", "braid.jar")
    lib = os.path.join(REPO, "bindings-c", "target", "build", "libbraid.so")
    for needed in (jar, lib):
        assert os.path.isfile(needed), f"{needed} is missing: build the repository first (mvn package; run-tests.sh)"


def test_objects_in_every_direction_returns_and_nested_waits(tmp_path):
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "objects_app.py"), "a", "b c")
    assert done.returncode == 0, explain(done)
    assert lines(done) == [
        "chain 10",
        "two-returns 3 2",
        "fan [1, 2, 3, 4, 5]",
        "nested {'a': [2, (3,)], 'b': 11}",
        "length 3",
        "inout [1, 2, 3] True",
        "inout-after-main-change [1, 2, 3, 4, 5]",
        "out [7, 8]",
        "collection-in 112",
        "collection-inout [[0], [1], [2]]",
        "collection-out [{'index': 0}, {'index': 1}]",
        "keywords 42",
        "collection-depth-2 [[2, 4], [6]]",
        "dict {'x': 1, 'y': 2}",
        "method 12 12",
        "args ['a', 'b c']",
        "tasks-in-another-process True",
    ], explain(done)


def test_files_in_every_direction_and_their_synchronisation(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "files_app.py"), work)
    assert done.returncode == 0, explain(done)
    assert lines(done) == [
        "read HI!",
        "open HI!",
        "wait-on-file HI!+copy",
        "main-file from main",
        "exists True",
        "deleted True",
    ], explain(done)
    # a file a task wrote and the main program never waited on is at its path when the run ends
    assert (work / "unwaited.txt").read_text() == "written at the end"


def test_directories_in_every_direction_and_their_synchronisation(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "directories_app.py"), work)
    assert done.returncode == 0, explain(done)
    tree = "{'extra.txt': 'x', 'part1.txt': '1', 'part2.txt': '2', 'sub/deep.txt': 'deep'}"
    assert lines(done) == [
        # OUT then INOUT then IN on one path, chained on the worker: the task sees the directory's name
        "listing ('results', " + tree + ")",
        # the main program's directory is written when it waits on it, not before
        "before-wait False",
        "after-wait " + tree,
        # an IN directory is the main program's content at the call
        "in {'a.txt': '1'} {'a.txt': '1', 'b.txt': '2'}",
        # what a task does to an IN directory stays on the worker
        "in-untouched ['a.txt', 'b.txt']",
    ], explain(done)
    # a directory a task wrote and the main program never waited on is at its path when the run ends
    assert (work / "late" / "part0.txt").read_text() == "0"
    assert (work / "late" / "sub" / "deep.txt").read_text() == "deep"


def test_nested_collections_have_each_leaf_as_its_own_datum(tmp_path):
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "nested_app.py"))
    assert done.returncode == 0, explain(done)
    assert lines(done) == [
        # placeholders three levels down are elements (inside a plain list one is refused)
        "futures-at-every-level ([[['.'], ['.']], [['.', '.']], '.'], 13)",
        # an inner list passed alone after a Depth 2 INOUT task waits for that task's leaves
        "inner-row-after-writer 6",
        # a second INOUT call on the same nested list chains on the first; the inner lists stay the same objects
        "waited [[4, 8], [12]] True",
        # one leaf written by its own task after the collection's writer, read alone and in the whole
        "one-leaf 31",
        "whole [[10, 20], [31]]",
        "main [[{'v': 10}, {'v': 20}], [{'v': 31}]]",
    ], explain(done)


def test_futures_the_program_drops_are_released_on_the_master(tmp_path):
    n, m = 30, 12
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "drops_app.py"), n, m, options=["--log_level=debug"])
    assert done.returncode == 0, explain(done)
    assert lines(done) == ["waited -2", "kept -1", "batch released"], explain(done)
    logs = list((tmp_path / "logs").glob("*/runtime.log"))
    assert len(logs) == 1, logs
    dropped = set()
    for line in logs[0].read_text().splitlines():
        if "DataDrops - dropped " in line:
            dropped.add(line.rsplit(" ", 1)[1])
    # objects 1..n: the Futures dropped unwaited; n+2 was waited on, then dropped; n+1 is kept while
    # the program runs (whether the end of the run drops it does not matter here); n+3..n+2+m: the batch
    batch = {f"d{i}v1" for i in range(n + 3, n + 3 + m)}
    expected = {f"d{i}v1" for i in range(1, n + 1)} | {f"d{n + 2}v1"} | batch
    assert expected <= dropped <= expected | {f"d{n + 1}v1"}, f"dropped {sorted(dropped)}\n" + explain(done)
    # the worker deleted them: the batch's m versions in one message (braid_foreign_delete_objects)
    worker_logs = list((tmp_path / "logs").glob("*/workers/*.log"))
    assert worker_logs, explain(done)
    deletions = []
    for log in worker_logs:
        for line in log.read_text().splitlines():
            if "WorkerDataStore - deleting " in line:
                deletions.append(set(line.split(": [", 1)[1].rstrip("]").split(", ")))
    deleted = set().union(*deletions)
    assert (expected - {f"d{n + 2}v1"}) <= deleted, f"deleted {sorted(deleted)}\n" + explain(done)
    assert batch in deletions, f"the batch in one message: {deletions}\n" + explain(done)


def test_task_groups_failure_management_retries_crashes_and_time_outs(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "groups_app.py"), work)
    assert done.returncode == 0, explain(done)
    assert lines(done) == [
        "implicit-barrier True",
        "group-barrier True",
        "ignored None",
        "retry retried",
        "crashed-process-retried True",
        "time-out None",
        "io [0, 10, 20]",
    ], explain(done)
    warnings = [line for line in done.stderr.splitlines() if "WARNING" in line]
    assert any("groups_app.fails" in w and "ValueError: boom 3" in w for w in warnings), explain(done)
    # the worker's Java side (time-out of 1000 ms) or the Python process (time_out of 1 s) stops it first
    assert any("groups_app.slow" in w and ("time-out of 1000 ms" in w or "time_out of 1 s" in w)
               for w in warnings), explain(done)


def test_a_task_that_fails_for_good_stops_the_run_with_its_traceback(tmp_path):
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "failing_app.py"))
    assert done.returncode == 1, explain(done)
    assert lines(done) == ["before"], explain(done)
    errors = [line for line in done.stderr.splitlines() if line.startswith("braid: error: ")]
    assert len(errors) == 1 and "failing_app.explode" in errors[0] and "after 2 attempts" in errors[0] \
        and "ValueError: exploded on 7" in errors[0], explain(done)
    # the task's own Python traceback, down to the frame that raised
    assert "Traceback (most recent call last)" in done.stderr, explain(done)
    assert 'failing_app.py", line 13, in helper' in done.stderr, explain(done)
    assert done.stderr.count("Traceback (most recent call last)") == 1, explain(done)


def test_a_wrong_decorator_stops_the_run_before_any_task_with_one_line(tmp_path):
    marker = tmp_path / "marker"
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "bad_decorator_app.py"), marker)
    assert done.returncode == 1, explain(done)
    assert done.stderr.splitlines() == [
        "braid: error: @constraint of bad_decorator_app.wrong: computing_units must be an integer >= 1, not 'many'"
    ], explain(done)
    assert not marker.exists(), "no task ran"


def test_an_option_braid_on_refuses_is_a_usage_error(tmp_path):
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "objects_app.py"),
                     options=["--resources=" + str(tmp_path / "missing.xml")])
    assert done.returncode != 0, explain(done)
    assert done.stdout == "", explain(done)
    assert [line for line in done.stderr.splitlines() if "missing.xml" in line], explain(done)


def test_lang_python_is_chosen_by_the_option_as_by_the_extension(tmp_path):
    app = tmp_path / "app_without_py_extension"
    app.write_text(open(os.path.join(RUNTIME_APPS, "failing_app.py")).read().replace("explode(7)", "7"))
    done = braid_run(tmp_path, str(app), options=["--lang=python"])
    assert done.returncode == 0, explain(done)
    assert lines(done) == ["before", "7", "not reached"], explain(done)


def test_the_exit_status_of_the_application_is_braid_runs(tmp_path):
    app = tmp_path / "exits.py"
    app.write_text("import sys\nprint('out')\nprint('err', file=sys.stderr)\nsys.exit(7)\n")
    done = braid_run(tmp_path, str(app))
    assert done.returncode == 7, explain(done)
    assert lines(done) == ["out"] and "err" in done.stderr.splitlines(), explain(done)


def test_the_sequential_application_still_runs_with_plain_python(tmp_path):
    # the same package, no runtime: tasks run in the calling process (test_sequential.py has the rest)
    done = subprocess.run([sys.executable, os.path.join(RUNTIME_APPS, "objects_app.py"), "x"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, explain(done)
    assert lines(done)[0] == "chain 10" and lines(done)[-2:] == ["args ['x']", "tasks-in-another-process False"], \
        explain(done)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_killing_braid_run_stops_the_python_main_and_its_runtime(tmp_path, stop):
    app = tmp_path / "sleeper.py"
    started = tmp_path / "started"
    app.write_text("import os, sys, time\n"
                   f"open({str(started)!r}, 'w').write(str(os.getpid()))\n"
                   "time.sleep(300)\n")
    # braid-run's temporary files (the package copy it gives the interpreter) in a directory of the test's
    java_tmp = tmp_path / "java-tmp"
    java_tmp.mkdir()
    environment = dict(os.environ, BRAID_PYTHON=sys.executable, BRAID_MASTER_JVM_OPTS=f"-Djava.io.tmpdir={java_tmp}")
    run = subprocess.Popen([BRAID_RUN, f"--base_log_dir={tmp_path / 'logs'}", str(app)], env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while not (started.exists() and started.read_text()):
            assert time.monotonic() < deadline, "the application did not start"
            assert run.poll() is None, f"braid-run ended with {run.returncode}"
            time.sleep(0.05)
        child = int(started.read_text())
        # SIGKILL: not even a shutdown hook, the child's parent-death signal acts; SIGTERM: braid-run's hook
        run.send_signal(stop)
        run.wait(timeout=30)
        deadline = time.monotonic() + 60
        while _alive(child):
            assert time.monotonic() < deadline, f"the Python main program {child} outlived braid-run"
            time.sleep(0.05)
        if stop == signal.SIGKILL:
            # Nothing could delete the package copy then: the next braid-run of an app.py deletes it,
            # since its owner process is gone.
            quick = tmp_path / "quick.py"
            quick.write_text("print('quick run')\n")
            done = subprocess.run([BRAID_RUN, f"--base_log_dir={tmp_path / 'logs'}", str(quick)], env=environment,
                                  capture_output=True, text=True, timeout=180, cwd=tmp_path)
            assert done.returncode == 0 and done.stdout == "quick run\n", explain(done)
        left = [p.name for p in java_tmp.iterdir() if p.name.startswith("braid-python-")]
        assert left == [], f"braid-run stopped by {stop.name} left {left} behind"
    finally:
        if run.poll() is None:
            run.kill()


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


def test_streams_between_the_main_program_and_tasks_in_every_mode(tmp_path):
    done = braid_run(tmp_path, os.path.join(RUNTIME_APPS, "streams_app.py"), tmp_path)
    assert done.returncode == 0, explain(done)
    expected = []
    for mode in ("AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE"):
        expected += [
            f"task-to-task {mode} [\"'text'\", \"{{'i': 0}}\", \"{{'i': 1}}\", \"{{'i': 2}}\"]",
            f"task-to-main {mode} [\"'text'\", \"{{'i': 0}}\", \"{{'i': 1}}\"]",
            f"main-to-task {mode} [\"'two'\", '1', \"b'three'\"]",
            f"files-task-to-main {mode} ['part-0.txt', 'part-1.txt']",
            f"files-main-to-task {mode} ['from-main.txt']",
        ]
    assert lines(done) == expected, explain(done)


def test_c_functions_as_tasks_of_a_python_application(tmp_path):
    app = tmp_path / "c_app.py"
    app.write_text("\n".join([
        "import ctypes",
        "from braid.api.api import compss_wait_on",
        "from braid.api.c_function import c_function",
        "from braid.api.parameter import INOUT",
        "from braid.api.task import task",
        "@task(returns=1)",
        "@c_function(library='libm.so.6', symbol='pow', restype=ctypes.c_double,",
        "            argtypes=[ctypes.c_double, ctypes.c_double])",
        "def power(x, y): ...",
        "@task(buffer=INOUT)",
        "@c_function(library='libc.so.6', symbol='memset', restype=None,",
        "            argtypes=[ctypes.c_char_p, ctypes.c_int, ctypes.c_size_t])",
        "def fill(buffer, value, n): ...",
        "@task(returns=1)",
        "def twice(x):",
        "    return 2 * x",
        "@task()",
        "@c_function(library='libc.so.6', symbol='abort', restype=None, argtypes=[])",
        "def crash(): ...",
        "if __name__ == '__main__':",
        "    import sys",
        "    print('pow', compss_wait_on(twice(power(2.0, 10.0))))",
        "    b = bytearray(b'abcd')",
        "    fill(b, 0x2a, 3)",
        "    print('memset', bytes(compss_wait_on(b)))",
        "    if sys.argv[1:] == ['crash']:",
        "        crash()",
        "        print('after crash', compss_wait_on(power(3.0, 2.0)))",
        ""]))
    done = braid_run(tmp_path, str(app))
    assert done.returncode == 0, explain(done)
    assert lines(done) == ["pow 2048.0", "memset b'***d'"]

    # abort() in a task's C function ends its Python process only: the task fails (after its retries),
    # the run stops with one error naming it and a non-zero status.
    crashed = braid_run(tmp_path, str(app), "crash")
    assert crashed.returncode != 0, explain(crashed)
    assert lines(crashed)[:2] == ["pow 2048.0", "memset b'***d'"], explain(crashed)
    assert "crash" in crashed.stderr and "SIGABRT" in crashed.stderr, explain(crashed)
