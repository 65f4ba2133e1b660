"""@binary and @mpi tasks (braid.api.binary, braid.api.mpi): the same application run by braid-run
(the worker's Java program invoker runs the programs) and by plain python (sequential mode, a
subprocess), with the same output. The MPI test uses Open MPI's mpirun (Debian's openmpi-bin,
installed when missing, as the Java MPI tests do); as root, Open MPI needs OMPI_ALLOW_RUN_AS_ROOT
and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM.
"""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import APPS
from test_runtime import braid_run, explain, lines

APP = os.path.join(APPS, "programs", "programs_app.py")
OPEN_MPI_AS_ROOT = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}

BINARY_LINES = [
    "copy exit 0",
    "copy target FIRST LINE|SECOND LINE",
    # declaration order, Prefix glued to the value, str() of values, files as paths, Prefix "#" left out
    "copy listing 3|--name=Hello World|True|--in=in.txt|--out=out.txt",
    "exit 5 gives 5",
    "exit default gives 7",  # a default value is an argument too
    "grep 0 second line",
    "grep missing 1",
    "exit dir True",
]


def sequential(tmp_path, *args, env=None):
    environment = dict(os.environ)
    environment.pop("PYTHONPATH", None)
    environment.update(env or {})
    return subprocess.run([sys.executable, APP, *map(str, args)], capture_output=True, text=True, timeout=120,
                          env=environment, cwd=tmp_path)


def both(tmp_path, scenario, env=None):
    """(runtime run, sequential run) of the scenario, each in its own directory."""
    runs = []
    for mode in ("runtime", "sequential"):
        work = tmp_path / mode
        environment = dict(env or {}, PROGRAMS_WORK=str(work))
        if mode == "runtime":
            runs.append(braid_run(tmp_path, APP, scenario, work, env=environment))
        else:
            runs.append(sequential(tmp_path, scenario, work, env=environment))
    return runs


def ensure_mpirun():
    if shutil.which("mpirun"):
        return
    assert os.geteuid() == 0 and shutil.which("apt-get"), "mpirun is missing: install openmpi-bin"
    quiet = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-q"], check=True, capture_output=True, env=quiet)
    subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "openmpi-bin"], check=True,
                   capture_output=True, env=quiet)
    assert shutil.which("mpirun"), "openmpi-bin installed no mpirun"


def test_binary_tasks_form_the_command_line_redirect_stdout_and_return_the_exit_value(tmp_path):
    for done in both(tmp_path, "binary"):
        assert done.returncode == 0, explain(done)
        assert lines(done) == BINARY_LINES, explain(done)


def test_fail_by_exit_value_fails_the_task_with_one_line_naming_it(tmp_path):
    runtime, seq = both(tmp_path, "fail")
    assert runtime.returncode == 1 and seq.returncode == 1, explain(runtime) + explain(seq)
    assert lines(runtime) == lines(seq) == [], explain(runtime) + explain(seq)
    assert "[braid] ERROR: task programs_app.must_succeed" in runtime.stderr, explain(runtime)
    assert "sh exited with 3 (failByExitValue)" in runtime.stderr, explain(runtime)
    assert seq.stderr.strip() == ("braid: error: task programs_app.must_succeed: sh exited with 3 "
                                  "(fail_by_exit_value)"), explain(seq)


def test_a_missing_binary_fails_the_task_with_one_line_naming_it(tmp_path):
    runtime, seq = both(tmp_path, "missing")
    assert runtime.returncode == 1 and seq.returncode == 1, explain(runtime) + explain(seq)
    assert "[braid] ERROR: task programs_app.missing()" in runtime.stderr, explain(runtime)
    assert "cannot start /nonexistent/braid-no-such-program" in runtime.stderr, explain(runtime)
    assert seq.stderr.strip() == ("braid: error: task programs_app.missing: cannot start "
                                  "/nonexistent/braid-no-such-program: No such file or directory"), explain(seq)


def test_an_mpi_task_runs_its_ranks_through_open_mpi(tmp_path):
    ensure_mpirun()
    for done in both(tmp_path, "mpi", env=OPEN_MPI_AS_ROOT):
        assert done.returncode == 0, explain(done)
        assert lines(done) == ["mpi exit 0", "mpi lines rank 0 of 2 hi|rank 1 of 2 hi"], explain(done)


@pytest.mark.parametrize("case, message", [
    ("unknown-keyword", "@binary of bad_programs_app.f: unknown keyword 'workdir' (binary, working_dir, "
                        "fail_by_exit_value)"),
    ("mpi-without-runner", "@mpi of bad_programs_app.f: needs runner=... (the MPI launcher, e.g. runner=\"mpirun\")"),
    ("binary-without-binary", "@binary of bad_programs_app.f: needs binary=..."),
    ("inout-object", "@binary of bad_programs_app.f: parameter 'x' is object INOUT: a program task takes values "
                     "(IN, as command-line text) and files (FILE_IN, FILE_OUT, FILE_INOUT)"),
    ("two-returns", "@mpi of bad_programs_app.f: returns=2: a program task returns its exit value (returns=1) "
                    "or nothing"),
])
def test_a_wrong_program_decorator_stops_the_program_at_import_with_one_line(tmp_path, case, message):
    app = os.path.join(APPS, "programs", "bad_programs_app.py")
    runtime = braid_run(tmp_path, app, case)
    seq = subprocess.run([sys.executable, app, case], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    for done in (runtime, seq):
        assert done.returncode == 1, explain(done)
        assert done.stderr.strip().splitlines() == [f"braid: error: {message}"], explain(done)
