"""Large returned and updated objects go to files of the worker's data directory (--object-dir),
small ones stay inline (docs/DESIGN.md, "Large Python objects as files")."""

import os
import pickle

import pytest

from worker_harness import WorkerProcess, inline, value

THRESHOLD = 4096


@pytest.fixture
def worker(tmp_path):
    w = WorkerProcess("--object-dir", str(tmp_path), "--object-threshold", str(THRESHOLD))
    yield w
    w.close()


def test_a_large_return_is_written_to_a_new_file_of_the_object_dir(worker, tmp_path):
    data = bytes(range(256)) * 64  # 16 KiB: above the threshold
    reply = worker.call("echo", data)
    assert reply[0]["status"] == "ok", reply[0]
    (out,) = reply[0]["returns"]
    assert os.path.dirname(out["path"]) == str(tmp_path)
    assert reply[1] == []
    with open(out["path"], "rb") as f:
        assert pickle.load(f) == data  # a plain pickle: any reader loads it


def test_a_small_return_stays_inline(worker, tmp_path):
    reply = worker.call("echo", "x" * 100)
    assert value(reply, reply[0]["returns"][0]) == "x" * 100
    assert "blob" in reply[0]["returns"][0]
    reply = worker.call("add", 2, 3)
    assert value(reply, reply[0]["returns"][0]) == 5
    assert os.listdir(tmp_path) == []


def test_an_object_of_many_small_parts_goes_to_a_file_once_it_passes_the_threshold(worker, tmp_path):
    numbers = list(range(100_000))  # pickled in many frames: the file starts after the first ones
    reply = worker.call("echo", numbers)
    (out,) = reply[0]["returns"]
    assert value(reply, out) == numbers
    assert os.path.getsize(out["path"]) == len(pickle.dumps(numbers, protocol=pickle.HIGHEST_PROTOCOL))


def test_a_large_object_file_argument_updated_in_place_goes_to_its_out_path(worker, tmp_path):
    box = tmp_path / "box.in"
    box.write_bytes(pickle.dumps(["x" * 10_000]))
    out = tmp_path / "box.out"
    args = [{"kind": "object_file", "path": str(box), "direction": "INOUT", "out_path": str(out)},
            {"kind": "literal", "value": "y"}]
    worker.send({"type": "task", "id": 1, "module": "worker_tasks", "function": "append", "args": args})
    reply = worker.receive()
    assert reply[0]["updated"][0]["path"] == str(out)
    assert value(reply, reply[0]["updated"][0]) == ["x" * 10_000, "y"]
    assert pickle.loads(box.read_bytes()) == ["x" * 10_000]


def test_files_of_a_task_that_then_fails_are_removed(worker, tmp_path):
    blobs = []
    big = inline(b"z" * 10_000, blobs)
    # The first return is written, the second cannot be pickled: the task fails and leaves no file.
    worker.send({"type": "task", "id": 3, "module": "worker_tasks", "function": "big_then_unpicklable",
                 "args": [big], "returns": 2}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "error", reply[0]
    assert os.listdir(tmp_path) == []
