"""Large numpy arrays through braid-run (docs/PYTHON.md, "Large objects"): a task's large return or
INOUT update is a file of its worker's working directory, which the next task on the node loads,
the main program and other nodes fetch, and which goes when the object is released
(apps/runtime/large_objects_app.py)."""

import os
import re

from test_runtime import RUNTIME_APPS, braid_run, built, explain, lines  # noqa: F401 - built: the module fixture

APP = os.path.join(RUNTIME_APPS, "large_objects_app.py")


def test_a_large_array_between_tasks_to_the_main_program_and_updated_in_place_on_one_node(tmp_path):
    done = braid_run(tmp_path, APP, 64, "one-node")  # 64 MiB: above the default threshold (8 MiB)
    assert done.returncode == 0, explain(done)
    assert lines(done) == [
        "files before []",
        "task-to-task True",  # the consumer's array is its own (writeable), with the producer's values
        "files of make 1",
        "inout-task True",
        "files of double ['object.pickle']",  # d<N>v2_object.pickle: the INOUT's new version, next to v1
        "task-to-main ndarray float64 True True",
        "files of the dropped future 1",
        "inout-main True",
        "left after release []",  # compss_delete_object's version and the dropped Future's: deleted
    ], explain(done)
    # v1, which the INOUT replaced, went once no task read it; the main program's array, updated, goes
    # with the worker
    assert list((tmp_path / "logs").rglob("*.pickle")) == []


def test_the_object_files_of_a_worker_that_died_go_when_its_node_starts_a_worker_again(tmp_path):
    done = braid_run(tmp_path, APP, 16, "worker-crash", tmp_path / "ended-once")
    assert done.returncode == 0, explain(done)
    assert lines(done) == [
        "task-to-task True",
        "files of make 1",  # pyobj-<pid>-1.pickle of the worker that is killed next
        "left after the restart []",  # removed by the worker started again, before its first task
    ], explain(done)
    assert "starting it again (restart 1 of at most 3)" in done.stderr, explain(done)


def test_the_versions_a_long_inout_chain_replaced_leave_the_worker(tmp_path):
    steps = 12
    done = braid_run(tmp_path, APP, 16, "inout-chain", steps, options=["--log_level=info"])
    assert done.returncode == 0, explain(done)
    assert lines(done) == [f"object files after {steps} updates 1", "values True True"], explain(done)
    logs = list((tmp_path / "logs").rglob("workers/*.log"))
    held = [re.search(r"stopping: it holds (\d+) object versions", p.read_text()) for p in logs]
    counts = [int(m.group(1)) for m in held if m]
    assert len(counts) == 1, f"{logs}: {held}"
    # each chain's current version and a few small returns, not one version per update (2 x 12)
    assert counts[0] <= 6, f"{counts[0]} object versions held at the worker's end\n{explain(done)}"


def test_a_large_array_crosses_to_another_node_and_to_the_main_program(tmp_path):
    nodes = {"127.0.0.2": "left", "127.0.0.3": "right"}
    resources = "".join(
        f'<ComputeNode Name="{n}"><Processor Name="P"><ComputingUnits>1</ComputingUnits>'
        f"<Architecture>{arch}</Architecture></Processor><IOExecutors>1</IOExecutors></ComputeNode>"
        for n, arch in nodes.items())
    project = "".join(f'<ComputeNode Name="{n}"><InstallDir>/unused</InstallDir></ComputeNode>' for n in nodes)
    (tmp_path / "resources.xml").write_text(f"<ResourcesList>{resources}</ResourcesList>")
    (tmp_path / "project.xml").write_text(f"<Project><MasterNode/>{project}</Project>")
    # 8 MiB arrays with a 1 MiB threshold: the setting puts them in files too
    done = braid_run(tmp_path, APP, 8, "two-nodes", env={"BRAID_PYTHON_OBJECT_FILE_THRESHOLD": str(1 << 20)},
                     options=[f"--resources={tmp_path / 'resources.xml'}", f"--project={tmp_path / 'project.xml'}"])
    assert done.returncode == 0, explain(done)
    assert lines(done) == ["across-nodes True True 1", "producer-to-main True"], explain(done)
