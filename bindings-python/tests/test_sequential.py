"""The same app.py run with plain ``python app.py``: tasks run at once, one after the other."""

import os
import subprocess
import sys

import pytest

from braid.api.api import (TaskGroup, compss_barrier_group, compss_delete_file, compss_delete_object,
                           compss_file_exists, compss_open, compss_wait_on)
from conftest import APPS


def test_a_pycompss_style_app_runs_with_plain_python(tmp_path):
    done = subprocess.run([sys.executable, os.path.join(APPS, "sequential_app.py"), str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "increment [1, 2, 3]",
        "split hello | braid world",
        "length 3",
        "box [1, 2]",
        "file HI!",
        "read HI!",
        "parts 3",
        "total 10",
        "grid [[2, 4], [6]]",
        "tens [0, 10, 20]",
        "nested {'a': [2, (3,)]}",
        "balance 12 12",
        "ignored 3",
        "deleted True",
    ]


def test_wait_on_returns_one_value_or_a_list():
    assert compss_wait_on(5) == 5
    assert compss_wait_on(1, 2) == [1, 2]
    nested = {"k": [1, (2, 3)]}
    assert compss_wait_on(nested, mode="r") is nested
    with pytest.raises(TypeError, match="unexpected keyword argument 'wait'"):
        compss_wait_on(1, wait=True)
    with pytest.raises(ValueError, match="mode must be"):
        compss_wait_on(1, mode="x")


def test_file_functions(tmp_path):
    path = tmp_path / "f.txt"
    with compss_open(str(path), "w") as f:
        f.write("x")
    assert compss_file_exists(str(path)) is True
    assert compss_file_exists(str(path), str(tmp_path / "none")) == [True, False]
    assert compss_delete_file(str(path), str(tmp_path / "none")) == [True, True]
    assert not path.exists()
    assert compss_delete_object(1, 2) == [True, True]


def test_task_groups_nest_and_barrier_of_unknown_group_returns():
    from braid.api.api import current_groups
    with TaskGroup("outer"):
        with TaskGroup("inner", implicit_barrier=False):
            assert current_groups() == ["outer", "inner"]
        assert current_groups() == ["outer"]
    assert current_groups() == []
    compss_barrier_group("never-made")
    with pytest.raises(ValueError, match="non-empty name"):
        TaskGroup("")


def test_task_exception_propagates_from_the_call():
    from braid.api.task import task

    @task(returns=1)
    def boom():
        raise KeyError("k")

    with pytest.raises(KeyError):
        boom()


def test_the_directory_and_nested_collection_apps_give_the_runtimes_results_with_plain_python(tmp_path):
    runtime_apps = os.path.join(APPS, "runtime")
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([sys.executable, os.path.join(runtime_apps, "directories_app.py"), str(work)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    tree = "{'extra.txt': 'x', 'part1.txt': '1', 'part2.txt': '2', 'sub/deep.txt': 'deep'}"
    assert done.stdout.splitlines() == [
        "listing ('results', " + tree + ")",
        "before-wait True",  # the one difference: sequentially the task wrote the main's directory itself
        "after-wait " + tree,
        "in {'a.txt': '1'} {'a.txt': '1', 'b.txt': '2'}",
        "in-untouched ['a.txt', 'b.txt', 'tampered.txt']",  # and an IN directory is the main's own
    ]
    assert (work / "late" / "part0.txt").read_text() == "0"
    done = subprocess.run([sys.executable, os.path.join(runtime_apps, "nested_app.py")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "futures-at-every-level ([[['.'], ['.']], [['.', '.']], '.'], 13)",
        "inner-row-after-writer 6",
        "waited [[4, 8], [12]] True",
        "one-leaf 31",
        "whole [[10, 20], [31]]",
        "main [[{'v': 10}, {'v': 20}], [{'v': 31}]]",
    ]
