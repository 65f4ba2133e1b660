"""The compact task frames (docs/DESIGN.md, "Python worker protocol: compact task frames"), built
and read here byte by byte from the documented layout, against a real ``python -m braid.worker``."""

import os
import pickle
import struct

import pytest

from worker_harness import WorkerProcess

DIRECTIONS = {"IN": 0, "OUT": 1, "INOUT": 2}


def compact_task(task_id, function, args, returns=1, module="worker_tasks", sys_path=()):
    """args: ("value", direction, obj) or ("file", direction, path)."""
    name, func = module.encode(), function.encode()
    parts = [struct.pack(">BqH", 1, task_id, len(name)), name, struct.pack(">H", len(func)), func,
             struct.pack(">BH", returns, len(sys_path))]
    for entry in sys_path:
        parts += [struct.pack(">I", len(entry.encode())), entry.encode()]
    parts.append(struct.pack(">H", len(args)))
    for kind, direction, payload in args:
        data = pickle.dumps(payload) if kind == "value" else payload.encode()
        parts += [struct.pack(">BBI", 0 if kind == "value" else 1, DIRECTIONS[direction], len(data)), data]
    frame = b"".join(parts)
    return struct.pack(">I", len(frame)) + frame


def read_frame(stream):
    (length,) = struct.unpack(">I", stream.read(4))
    return stream.read(length)


def parse_result(frame):
    """A compact result as (id, returns, [(arg, item, value)])."""
    assert frame[0] == 2, f"not a compact result: {frame[:40]!r}"
    task_id, count = struct.unpack_from(">qB", frame, 1)
    at = 10
    returns = []
    for _ in range(count):
        (length,) = struct.unpack_from(">I", frame, at)
        returns.append(pickle.loads(frame[at + 4:at + 4 + length]))
        at += 4 + length
    (count,) = struct.unpack_from(">H", frame, at)
    at += 2
    updated = []
    for _ in range(count):
        arg, depth = struct.unpack_from(">HB", frame, at)
        at += 3
        item = list(struct.unpack_from(f">{depth}i", frame, at))
        at += 4 * depth
        (length,) = struct.unpack_from(">I", frame, at)
        updated.append((arg, item, pickle.loads(frame[at + 4:at + 4 + length])))
        at += 4 + length
    assert at == len(frame)
    return task_id, returns, updated


@pytest.fixture
def worker():
    w = WorkerProcess()
    yield w
    w.close()


def run(worker, *args, **kwargs):
    worker.process.stdin.write(compact_task(*args, **kwargs))
    worker.process.stdin.flush()
    return read_frame(worker.process.stdout)


def test_a_compact_request_gets_a_compact_result_with_its_id(worker):
    assert parse_result(run(worker, 7, "add", [("value", "IN", 2), ("value", "IN", 3)])) == (7, [5], [])
    assert parse_result(run(worker, 8, "divmod_task", [("value", "IN", 17), ("value", "IN", 5)], returns=2)) \
        == (8, [3, 2], [])


def test_inout_objects_and_files_in_compact_form(worker, tmp_path):
    assert parse_result(run(worker, 1, "append", [("value", "INOUT", [1]), ("value", "IN", 2)], returns=0)) \
        == (1, [], [(0, [], [1, 2])])
    source, target = tmp_path / "in.txt", tmp_path / "out.txt"
    source.write_text("hello")
    frame = run(worker, 2, "copy_upper", [("file", "IN", str(source)), ("file", "OUT", str(target))])
    assert parse_result(frame) == (2, [5], [])
    assert target.read_text() == "HELLO"


def test_an_error_in_a_compact_request_is_the_json_error_reply(worker):
    from braid.worker.framing import read_message
    worker.process.stdin.write(compact_task(3, "fails", [("value", "IN", "x")], returns=0))
    worker.process.stdin.flush()
    header, blobs = read_message(worker.process.stdout)
    assert header["status"] == "error" and header["id"] == 3 and blobs == []
    assert "_inner" in header["traceback"]
    assert parse_result(run(worker, 4, "add", [("value", "IN", 1), ("value", "IN", 1)])) == (4, [2], [])


def test_large_pickles_cross_inline_both_ways(worker):
    data = os.urandom(8 * 1024 * 1024)
    assert parse_result(run(worker, 5, "echo", [("value", "IN", data)])) == (5, [data], [])


def test_a_compact_frame_whose_argument_runs_past_its_end_stops_the_process():
    w = WorkerProcess()
    frame = compact_task(6, "add", [("value", "IN", 2)])
    broken = frame[:4] + frame[4:-3]  # the argument's length still says 3 bytes more
    w.process.stdin.write(struct.pack(">I", len(broken) - 4) + broken[4:])
    w.process.stdin.flush()
    assert w.process.wait(timeout=30) == 3
    assert b"compact task request" in w.process.stderr.read()
    w.close()
