"""Streams inside a task on a Braid worker: every operation is a request to the Java worker,
which performs it with its own stream client (docs/DESIGN.md, "Python worker protocol"), so
Python tasks get the library's semantics with no stream client of their own.

A publish does not wait for the worker, as a Java task's publish only hands its records to the
producer: the worker performs it in pipe order (a later poll or close sees it), and its failure
is raised by the task's next stream operation that waits for a reply, or fails the task.

The worker numbers a task's handles and releases those the task opened when it ends; a handle
kept past its task (a module global, an unpickled handle) attaches again by stream id on its
next use, as a new handle of the same stream.
"""

from typing import Any, Dict, List, Optional, Tuple

from braid.streams import _records
from braid.streams._meta import FILE, BackendException, RegistrationException, StreamMeta
from braid.worker import channel as _channel

_ERRORS = {"RegistrationException": RegistrationException, "BackendException": BackendException}


def _call(op: str, fields: Dict[str, Any], blobs: List[bytes] = ()) -> Tuple[Dict[str, Any], List[bytes]]:
    reply, reply_blobs = _channel.current.call(dict(fields, type="stream", op=op), blobs)
    if reply.get("status") != "ok":
        raise _ERRORS.get(reply.get("error"), BackendException)(reply.get("message", "the worker refused"))
    return reply, reply_blobs


def _post(op: str, fields: Dict[str, Any], blobs: List[bytes] = ()) -> None:
    _channel.current.post(dict(fields, type="stream", op=op), blobs)


def _meta(reply: Dict[str, Any]) -> StreamMeta:
    return StreamMeta(reply["id"], reply.get("alias"), reply["stream_type"], reply["mode"], reply.get("base_dir"))


class WorkerHandle:
    def __init__(self, meta: StreamMeta, number: Optional[int], task: Optional[int]):
        self.meta = meta
        self._number = number
        self._task = task

    def _handle(self) -> int:
        if self._number is None or self._task != _channel.current.task:
            reply, _ = _call("attach", {"id": self.meta.id})
            self._number, self._task = reply["handle"], _channel.current.task
        return self._number

    def publish(self, values: List[Any]) -> None:
        if self.meta.type == FILE:
            _post("publish", {"handle": self._handle(), "paths": [str(v) for v in values]})
            return
        blobs = [_records.encode(value) for value in values]
        records = [{"kind": _records.BYTES, "blob": i} for i in range(len(blobs))]
        _post("publish", {"handle": self._handle(), "records": records}, blobs)

    def poll(self, timeout_ms: Optional[int]) -> List[Any]:
        reply, blobs = _call("poll", {"handle": self._handle(), "timeout_ms": timeout_ms})
        if self.meta.type == FILE:
            return list(reply.get("paths", []))
        return [_records.decode(r["kind"], blobs[r["blob"]]) for r in reply.get("records", [])]

    def close(self) -> None:
        _call("close", {"handle": self._handle()})

    def is_closed(self) -> bool:
        reply, _ = _call("is_closed", {"handle": self._handle()})
        return bool(reply["closed"])


class WorkerBackend:
    def register(self, stream_type: str, alias: Optional[str], mode: str, base_dir: Optional[str]) -> WorkerHandle:
        reply, _ = _call("new", {"stream_type": stream_type, "alias": alias, "mode": mode, "base_dir": base_dir})
        return WorkerHandle(_meta(reply), reply["handle"], _channel.current.task)

    def attach(self, meta: StreamMeta) -> WorkerHandle:
        return WorkerHandle(meta, None, None)

    @staticmethod
    def from_argument(spec: Dict[str, Any]) -> WorkerHandle:
        """A STREAM_IN / STREAM_OUT parameter: the worker opened its handle for this task."""
        return WorkerHandle(_meta(spec), spec["handle"], _channel.current.task)
