"""The Python task executor, driven as a Java worker drives it: frames over its stdin/stdout."""

import os
import pickle
import signal

import pytest

from braid._internal.carried import DirectoryValue, NestedShape
from worker_harness import WorkerProcess, inline, value


@pytest.fixture
def worker():
    w = WorkerProcess()
    yield w
    w.close()


def test_announces_itself(worker):
    header, _ = worker.ready
    assert header["type"] == "ready"
    assert header["protocol"] == 1
    assert header["pid"] == worker.process.pid


def test_several_tasks_in_one_process_import_the_module_once(worker):
    reply = worker.call("add", 2, 3)
    assert reply[0]["status"] == "ok"
    assert value(reply, reply[0]["returns"][0]) == 5
    reply = worker.call("add", "a", "b")
    assert value(reply, reply[0]["returns"][0]) == "ab"
    pids = {value(r, r[0]["returns"][0]) for r in (worker.call("pid") for _ in range(3))}
    assert pids == {worker.process.pid}
    reply = worker.call("import_count")
    assert value(reply, reply[0]["returns"][0]) == 1


def test_reply_carries_the_request_id(worker):
    reply = worker.call("add", 1, 2, id=42)
    assert reply[0]["id"] == 42


def test_several_returns_and_a_wrong_count(worker):
    reply = worker.call("divmod_task", 17, 5, returns=2)
    assert [value(reply, r) for r in reply[0]["returns"]] == [3, 2]
    reply = worker.call("wrong_count", returns=2)
    assert reply[0]["status"] == "error"
    assert "returns=2" in reply[0]["message"]


def test_inout_object_comes_back_updated(worker):
    blobs = []
    args = [inline([1], blobs, "INOUT"), inline(2, blobs)]
    worker.send({"type": "task", "id": 1, "module": "worker_tasks", "function": "append", "args": args}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "ok"
    (updated,) = reply[0]["updated"]
    assert updated["arg"] == 0 and updated["item"] == []
    assert value(reply, updated) == [1, 2]


def test_object_files_and_return_paths(worker, tmp_path):
    box = tmp_path / "box.in"
    box.write_bytes(pickle.dumps(["x"]))
    out = tmp_path / "box.out"
    ret = tmp_path / "ret"
    blobs = []
    args = [{"kind": "object_file", "path": str(box), "direction": "INOUT", "out_path": str(out)},
            {"kind": "literal", "value": "y"}]
    worker.send({"type": "task", "id": 2, "module": "worker_tasks", "function": "append", "args": args}, blobs)
    reply = worker.receive()
    assert reply[0]["updated"][0]["path"] == str(out)
    assert pickle.loads(out.read_bytes()) == ["x", "y"]
    assert pickle.loads(box.read_bytes()) == ["x"]
    worker.send({"type": "task", "id": 3, "module": "worker_tasks", "function": "add", "returns": 1,
                 "return_paths": [str(ret)], "args": [{"kind": "literal", "value": 20},
                                                      {"kind": "literal", "value": 22}]})
    reply = worker.receive()
    assert reply[0]["returns"] == [{"path": str(ret)}]
    assert pickle.loads(ret.read_bytes()) == 42


def test_nested_collection_inout_reports_every_element(worker):
    blobs = []
    collection = {"kind": "collection", "direction": "INOUT", "items": [
        {"kind": "collection", "items": [inline(1, blobs), inline(2, blobs)]},
        {"kind": "collection", "items": [inline(3, blobs)]}]}
    worker.send({"type": "task", "id": 4, "module": "worker_tasks", "function": "scale",
                 "args": [collection, {"kind": "literal", "value": 10}]}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "ok", reply[0]
    got = {tuple(u["item"]): value(reply, u) for u in reply[0]["updated"]}
    assert got == {(0, 0): 10, (0, 1): 20, (1, 0): 30}


def test_a_directory_is_extracted_for_the_task_and_archived_again(worker, tmp_path):
    source = tmp_path / "data"
    source.mkdir()
    (source / "a.txt").write_text("A")
    blobs = []
    args = [inline(DirectoryValue.of(str(source)), blobs, "INOUT"), inline("a.txt", blobs), inline("b.txt", blobs)]
    worker.send({"type": "task", "id": 5, "module": "worker_tasks", "function": "rename_in_directory",
                 "args": args, "returns": 1, "cwd": str(tmp_path)}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "ok", reply[0]
    path, names = value(reply, reply[0]["returns"][0])
    assert os.path.basename(path) == "data" and path != str(source) and names == ["b.txt"]
    assert not os.path.exists(path), "the task's copy is removed after the task"
    (updated,) = reply[0]["updated"]
    back = tmp_path / "back"
    value(reply, updated).extract(str(back))
    assert sorted(os.listdir(back)) == ["b.txt"] and (back / "b.txt").read_text() == "A"
    assert sorted(os.listdir(tmp_path)) == ["back", "data"], "nothing else left in the task's directory"


def test_an_out_directory_starts_empty(worker, tmp_path):
    blobs = []
    old = tmp_path / "old"
    old.mkdir()
    (old / "stale.txt").write_text("from an earlier version")
    args = [inline(DirectoryValue.of(str(old)), blobs, "INOUT")]
    worker.send({"type": "task", "id": 6, "module": "worker_tasks", "function": "fill_directory", "args": args,
                 "returns": 1}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "ok", reply[0]
    assert value(reply, reply[0]["returns"][0]) == ["made.txt"]


def test_a_deep_collection_is_rebuilt_from_its_shape_and_flattened_back(worker):
    blobs = []
    shape = NestedShape([[None, None], [None]])
    items = [inline(shape, blobs), inline(1, blobs), inline(2, blobs), inline(3, blobs)]
    collection = {"kind": "collection", "direction": "INOUT", "items": items}
    worker.send({"type": "task", "id": 7, "module": "worker_tasks", "function": "grow_or_double",
                 "args": [collection, {"kind": "literal", "value": False}], "returns": 1}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "ok", reply[0]
    assert value(reply, reply[0]["returns"][0]) == [[2, 4], [6]]
    got = {tuple(u["item"]): value(reply, u) for u in reply[0]["updated"]}
    assert got[(1,)] == 2 and got[(2,)] == 4 and got[(3,)] == 6
    assert got[(0,)].items == shape.items
    # a task that changes the nesting fails (its leaves could not go back to their data)
    worker.send({"type": "task", "id": 8, "module": "worker_tasks", "function": "grow_or_double",
                 "args": [collection, {"kind": "literal", "value": True}], "returns": 1}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "error" and "changed its shape" in reply[0]["message"], reply[0]


def test_files_are_passed_as_paths(worker, tmp_path):
    source = tmp_path / "in.txt"
    source.write_text("hello")
    target = tmp_path / "out.txt"
    reply = worker.call("copy_upper", {"kind": "file", "path": str(source), "direction": "IN"},
                        {"kind": "file", "path": str(target), "direction": "OUT"})
    assert value(reply, reply[0]["returns"][0]) == 5
    assert target.read_text() == "HELLO"
    assert reply[0]["updated"] == []


def test_method_task_gets_self_and_returns_it_updated(worker):
    from worker_tasks import Counter
    counter = Counter()
    counter.value = 5
    blobs = []
    args = [inline(counter, blobs, "INOUT"), inline(3, blobs)]
    worker.send({"type": "task", "id": 5, "module": "worker_tasks", "function": "Counter.increment",
                 "returns": 1, "args": args}, blobs)
    reply = worker.receive()
    assert value(reply, reply[0]["returns"][0]) == 8
    assert value(reply, reply[0]["updated"][0]).value == 8


def test_exception_reports_the_python_traceback_and_the_worker_goes_on(worker):
    reply = worker.call("fails", 7)
    header = reply[0]
    assert header["status"] == "error"
    assert header["error_type"] == "ValueError"
    assert header["message"] == "bad value 7"
    assert "in _inner" in header["traceback"] and "raise ValueError" in header["traceback"]
    assert header["timed_out"] is False
    again = worker.call("add", 1, 2)
    assert value(again, again[0]["returns"][0]) == 3


def test_missing_module_or_function_is_an_error_reply(worker):
    reply = worker.call("add", 1, 2, module="no_such_module")
    assert reply[0]["status"] == "error" and reply[0]["error_type"] == "ModuleNotFoundError"
    reply = worker.call("no_such_function")
    assert reply[0]["status"] == "error" and reply[0]["error_type"] == "AttributeError"
    assert worker.process.poll() is None


def test_time_out_fails_the_task_only(worker):
    reply = worker.call("sleeps", 30)
    assert reply[0]["status"] == "error"
    assert reply[0]["timed_out"] is True
    reply = worker.call("sleeps", 0, time_out=5)
    assert reply[0]["status"] == "ok"


def test_task_output_does_not_break_the_protocol(worker, tmp_path):
    reply = worker.call("chatty", "hi")
    assert value(reply, reply[0]["returns"][0]) == "hi"
    out = tmp_path / "job.out"
    reply = worker.call("chatty", "to a file", stdout=str(out))
    assert value(reply, reply[0]["returns"][0]) == "to a file"
    assert out.read_text() == "to stdout: to a file\nraw fd 1\n"
    reply = worker.call("add", 1, 1)
    assert value(reply, reply[0]["returns"][0]) == 2


def test_os_exit_in_a_task_ends_the_process(worker):
    worker.call("add", 1, 1)
    worker.send({"type": "task", "id": 9, "module": "worker_tasks", "function": "exits",
                 "args": [{"kind": "literal", "value": 7}]})
    assert worker.receive() is None  # the stream ends: the Java side fails the task
    assert worker.process.wait(timeout=30) == 7


def test_segfault_in_a_task_ends_the_process(worker):
    worker.send({"type": "task", "id": 10, "module": "worker_tasks", "function": "segfault", "args": []})
    assert worker.receive() is None
    assert worker.process.wait(timeout=30) == -signal.SIGSEGV


def test_shutdown_and_end_of_input(worker):
    worker.send({"type": "shutdown"})
    assert worker.receive()[0]["type"] == "bye"
    assert worker.process.wait(timeout=30) == 0
    other = WorkerProcess()
    other.process.stdin.close()
    assert other.process.wait(timeout=30) == 0
    other.close()


def test_garbage_ends_the_process_with_a_message():
    w = WorkerProcess()
    w.process.stdin.write(b"\x00\x00\x00\x03abc")
    w.process.stdin.flush()
    assert w.process.wait(timeout=30) == 3
    assert b"not JSON" in w.process.stderr.read()
    w.close()


def test_a_return_value_that_cannot_be_pickled_is_an_error_reply(worker):
    reply = worker.call("unpicklable")
    assert reply[0]["status"] == "error"
    assert "pickle" in reply[0]["message"].lower() or "pickle" in reply[0]["traceback"].lower()
    again = worker.call("add", 2, 2)
    assert value(again, again[0]["returns"][0]) == 4


def test_large_values_cross_the_pipes_both_ways(worker):
    data = os.urandom(8 * 1024 * 1024)
    reply = worker.call("echo", data)
    assert value(reply, reply[0]["returns"][0]) == data


def test_keyword_inout_argument_is_reported_by_name(worker):
    blobs = []
    worker.send({"type": "task", "id": 11, "module": "worker_tasks", "function": "tag",
                 "args": [{"kind": "literal", "value": "p"}],
                 "kwargs": {"box": inline({}, blobs, "INOUT")}}, blobs)
    reply = worker.receive()
    (updated,) = reply[0]["updated"]
    assert updated["arg"] == "box"
    assert value(reply, updated) == {"tag": "p"}


def test_c_functions_as_task_bodies(worker):
    reply = worker.call("c_pow", 2.0, 10.0)
    assert reply[0]["status"] == "ok", reply[0]
    assert value(reply, reply[0]["returns"][0]) == 1024.0
    reply = worker.call("c_strlen", "héllo")
    assert value(reply, reply[0]["returns"][0]) == 6  # UTF-8 bytes

    blobs = []
    args = [inline(bytearray(b"abc"), blobs, "INOUT"), inline(7, blobs), inline(2, blobs)]
    worker.send({"type": "task", "id": 1, "module": "worker_tasks", "function": "c_memset", "args": args,
                 "returns": 0}, blobs)
    reply = worker.receive()
    assert reply[0]["status"] == "ok", reply[0]
    (updated,) = reply[0]["updated"]
    assert value(reply, updated) == bytearray(b"\x07\x07c")


def test_a_missing_c_symbol_is_one_line(worker):
    reply = worker.call("c_missing")
    assert reply[0]["status"] == "error"
    assert "C function no_such_function of libc.so.6: library libc.so.6 has no symbol no_such_function" \
        in reply[0]["message"], reply[0]


def test_a_c_function_that_aborts_ends_the_process_only(worker):
    worker.send({"type": "task", "id": 11, "module": "worker_tasks", "function": "c_abort", "args": [],
                 "returns": 0})
    assert worker.receive() is None  # the Java side fails the task and starts a new process
    assert worker.process.wait(timeout=30) == -signal.SIGABRT
