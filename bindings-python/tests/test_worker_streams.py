"""Streams inside a task on a worker, the Python half of the protocol: a real ``python -m
braid.worker`` whose stream requests this test answers as the Java worker does (the Java half,
with a real stream server and broker, is ForeignStreamsTest)."""

import pickle
import time

import pytest

from braid.streams._records import PICKLE_TAG, decode, encode
from worker_harness import WorkerProcess, value


@pytest.fixture
def worker():
    w = WorkerProcess()
    yield w
    w.close()


def stream_arg(handle=1, stream_type="OBJECT", direction="IN", **meta):
    return dict({"kind": "stream", "handle": handle, "direction": direction, "id": "ds-1", "alias": None,
                 "stream_type": stream_type, "mode": "AT_LEAST_ONCE"}, **meta)


def expect_request(worker, op):
    header, blobs = worker.receive()
    assert header["type"] == "stream", header
    assert header["op"] == op, header
    return header, blobs


def answer(worker, request, blobs=(), **fields):
    worker.send(dict({"type": "stream_reply", "req": request["req"], "status": "ok"}, **fields), blobs)


def start(worker, function, args, blobs=(), **fields):
    worker.send(dict({"type": "task", "id": function, "module": "stream_worker_tasks", "function": function,
                      "args": args, "returns": 1}, **fields), list(blobs))


def test_a_stream_in_argument_polls_through_the_worker_until_closed(worker):
    start(worker, "drain", [stream_arg()])
    request, _ = expect_request(worker, "is_closed")
    assert request["handle"] == 1
    answer(worker, request, closed=False)
    request, _ = expect_request(worker, "poll")
    assert request["handle"] == 1 and request["timeout_ms"] == 250
    records = [("str", "text"), ("bytes", b"\x01\x02"), ("bytes", PICKLE_TAG + pickle.dumps({"k": 1}))]
    answer(worker, request, [payload.encode() if kind == "str" else payload for kind, payload in records],
           records=[{"kind": kind, "blob": i} for i, (kind, _) in enumerate(records)])
    request, _ = expect_request(worker, "is_closed")
    answer(worker, request, closed=True)
    request, _ = expect_request(worker, "poll")
    assert request["timeout_ms"] is None  # poll(): what is there now
    answer(worker, request, records=[])
    reply = worker.receive()
    assert reply[0]["type"] == "result" and reply[0]["status"] == "ok", reply[0]
    assert value(reply, reply[0]["returns"][0]) == ["text", b"\x01\x02", {"k": 1}]


def test_a_stream_the_task_creates_publishes_bytes_and_tagged_pickles(worker):
    tagged = PICKLE_TAG + b"looks like a pickle"
    blobs = [pickle.dumps("sensor"), pickle.dumps(["s", b"raw", (1, 2), tagged])]
    start(worker, "publish_by_alias", [{"kind": "value", "blob": 0, "direction": "IN"},
                                       {"kind": "value", "blob": 1, "direction": "IN"}], blobs)
    request, _ = expect_request(worker, "new")
    assert (request["stream_type"], request["alias"], request["mode"]) == ("OBJECT", "sensor", "EXACTLY_ONCE")
    answer(worker, request, handle=7, id="ds-9", alias="sensor", stream_type="OBJECT", mode="AT_MOST_ONCE")
    request, published = expect_request(worker, "publish")
    assert request["handle"] == 7
    kinds = [r["kind"] for r in request["records"]]
    payloads = [published[r["blob"]] for r in request["records"]]
    assert kinds == ["bytes"] * 4  # Python publishes bytes only
    assert pickle.loads(payloads[0][len(PICKLE_TAG):]) == "s" and payloads[1] == b"raw"
    assert payloads[2].startswith(PICKLE_TAG) and pickle.loads(payloads[2][len(PICKLE_TAG):]) == (1, 2)
    # Bytes that start with the tag are pickled too, so a Python reader gets them back as they were.
    assert pickle.loads(payloads[3][len(PICKLE_TAG):]) == tagged
    assert request["reply"] is False  # not answered: the task went on to close
    request, _ = expect_request(worker, "close")
    assert request["handle"] == 7
    answer(worker, request)
    reply = worker.receive()
    # The creator's mode, as the worker said (the alias existed with AT_MOST_ONCE).
    assert value(reply, reply[0]["returns"][0]) == ["ds-9", "AT_MOST_ONCE"]


def test_a_refusal_is_a_backend_exception_in_the_task(worker):
    start(worker, "refused", [stream_arg(direction="IN")])
    request, _ = expect_request(worker, "publish")
    assert request["reply"] is False
    # The worker reports a publish's failure as the error of the task's next request with a reply.
    request, _ = expect_request(worker, "is_closed")
    worker.send({"type": "stream_reply", "req": request["req"], "status": "error", "error": "BackendException",
                 "message": "publish (request 1) on stream ds-1 failed: it is only read here"})
    reply = worker.receive()
    assert value(reply, reply[0]["returns"][0]) == \
        "BackendException: publish (request 1) on stream ds-1 failed: it is only read here"


def test_a_publish_waits_for_no_reply_and_the_requests_after_it_follow_it_in_order(worker):
    start(worker, "publish_then_poll", [stream_arg(direction="OUT")])
    published = [expect_request(worker, "publish") for _ in range(3)]  # none answered
    assert [h["reply"] for h, _ in published] == [False] * 3
    assert [decode("bytes", blobs[0]) for _, blobs in published] == [0, 1, 2]
    request, _ = expect_request(worker, "poll")
    numbers = [h["req"] for h, _ in published] + [request["req"]]
    assert numbers == sorted(numbers) and len(set(numbers)) == 4, numbers
    assert "reply" not in request  # a poll waits for its reply
    answer(worker, request, [encode(2)], records=[{"kind": "bytes", "blob": 0}])
    reply = worker.receive()
    assert reply[0]["type"] == "result" and value(reply, reply[0]["returns"][0]) == [2]


def test_a_task_whose_last_request_is_a_publish_sends_its_result_without_waiting(worker):
    start(worker, "publish_only", [stream_arg(direction="OUT")])
    request, blobs = expect_request(worker, "publish")
    assert request["reply"] is False and blobs == [b"last"]
    reply = worker.receive()  # the worker checks the publish before it takes the result (PythonStreamsTest)
    assert reply[0]["type"] == "result" and value(reply, reply[0]["returns"][0]) == "returned"


def test_a_handle_kept_past_its_task_attaches_again_by_id(worker):
    blobs = [pickle.dumps("kept")]
    start(worker, "keep", [{"kind": "value", "blob": 0, "direction": "IN"}], blobs)
    request, _ = expect_request(worker, "new")
    answer(worker, request, handle=1, id="ds-5", alias="kept", stream_type="OBJECT", mode="AT_MOST_ONCE")
    assert worker.receive()[0]["status"] == "ok"
    # The worker released task 1's handles; the next task's first use attaches by id.
    start(worker, "use_kept", [])
    request, _ = expect_request(worker, "attach")
    assert request["id"] == "ds-5"
    answer(worker, request, handle=1, id="ds-5", alias="kept", stream_type="OBJECT", mode="AT_MOST_ONCE")
    request, _ = expect_request(worker, "poll")
    answer(worker, request, [b"x"], records=[{"kind": "str", "blob": 0}])
    reply = worker.receive()
    assert value(reply, reply[0]["returns"][0]) == ["x"]


def test_a_time_out_during_a_request_waits_for_the_reply_and_the_next_task_is_served(worker):
    start(worker, "slow_poll", [stream_arg()])
    request, _ = expect_request(worker, "poll")
    time.sleep(1.5)  # the reply comes after the task's time_out of 1 s, as a long poll's would
    answer(worker, request, records=[])
    reply = worker.receive()
    assert reply[0]["status"] == "error" and reply[0]["timed_out"], reply[0]
    # The pipes are still in step: the next task's request is read as a request.
    start(worker, "use_kept", [])
    reply = worker.receive()
    assert reply[0]["type"] == "result" and reply[0]["error_type"] == "KeyError"


def test_requests_of_two_threads_are_in_flight_together_and_replies_may_come_in_any_order(worker):
    start(worker, "poll_while_publishing", [stream_arg(1, direction="IN"), stream_arg(2, direction="OUT", id="ds-2")])
    first, _ = worker.receive()
    second, second_blobs = worker.receive()  # sent before the first was answered
    requests = {first["op"]: first, second["op"]: second}
    assert set(requests) == {"poll", "publish"}, requests
    assert requests["poll"]["handle"] == 1 and requests["poll"]["timeout_ms"] == 60000
    assert first["req"] != second["req"]
    # The publish gets no reply; the poll is answered after the publish it waited for.
    assert requests["publish"]["reply"] is False
    answer(worker, requests["poll"], [b"left"], records=[{"kind": "bytes", "blob": 0}])
    reply = worker.receive()
    assert reply[0]["type"] == "result" and reply[0]["status"] == "ok", reply[0]
    assert value(reply, reply[0]["returns"][0]) == [b"left"]


@pytest.mark.parametrize("element", ["text", "", b"", b"bytes", PICKLE_TAG, 7, None, [1, "a"], bytearray(b"x")])
def test_elements_come_back_as_published(element):
    payload = encode(element)
    assert decode("bytes", payload) == element
    assert type(decode("bytes", payload)) is type(element)


def test_what_other_languages_see_and_give():
    assert encode(b"\x00raw") == b"\x00raw"
    assert encode("é").startswith(PICKLE_TAG) and encode(3.5).startswith(PICKLE_TAG)
    assert decode("str", "é".encode()) == "é"  # a Java String
    assert decode("bytes", b"\x01") == b"\x01"  # a Java byte[], a C record
