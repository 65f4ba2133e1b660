"""Requests a running task makes to its Java worker, between the task request and its result.

The worker process's protocol pipes are one conversation: while a task runs, its threads may send
requests (``{"type": "stream", "req": N, ...}``), each then waiting for the reply with its number
(``stream_reply``, in any order), so requests interleave with a task without a second channel. A request
marked ``"reply": false`` (a publish) gets no reply: the worker performs it in pipe order and reports its
failure on the task's next request that has one. Used by the stream handles of ``braid.streams``
(docs/DESIGN.md, "Python worker protocol").
"""

import contextlib
import itertools
import signal
import threading
from typing import Any, BinaryIO, Dict, List, Optional, Tuple

from braid.worker.framing import ProtocolError, read_message, write_message, write_result


class Channel:
    """The pipes of this worker process, for requests made while a task runs.

    Requests of the task's threads are in flight together: each is written whole under a lock and
    numbered, and the Java worker answers each as soon as it can (a poll that waits holds up no
    other request), in any order. One waiting thread at a time reads the pipe and hands each reply
    to the thread that asked (by its number), so no thread of its own reads it."""

    def __init__(self, requests: BinaryIO, replies: BinaryIO) -> None:
        self._requests = requests
        self._replies = replies
        self._write = threading.Lock()
        self._state = threading.Condition()
        self._ids = itertools.count(1)
        self._waiting: Dict[int, Optional[Tuple[Dict[str, Any], List[bytes]]]] = {}  # request -> its reply once read
        self._reading = False  # a waiting thread is reading the pipe for all
        self._result_pending = False  # the task's result waits for the requests in flight
        self._broken: Optional[BaseException] = None
        self.task = 0
        """Number of the task running (or last run): handles the worker gave an earlier task are released."""

    def send(self, header: Dict[str, Any], blobs: List[bytes] = (), compact: bool = False) -> None:
        """Writes a task's result once no request is in flight (a thread the task started may still
        be waiting for a reply, which must not reach the next task), holding new requests back
        meanwhile. ``compact``: the request was a compact frame, so the result may be one too
        (``framing.write_result``)."""
        with self._state:
            self._result_pending = True
            try:
                self._state.wait_for(lambda: not self._waiting)
                with self._write:
                    write_result(self._replies, header, list(blobs), compact)
            finally:
                self._result_pending = False
                self._state.notify_all()

    def call(self, header: Dict[str, Any], blobs: List[bytes] = ()) -> Tuple[Dict[str, Any], List[bytes]]:
        """Sends a request and returns its reply; other threads' requests may be in flight meanwhile."""
        with _alarm_deferred():
            with self._state:
                self._state.wait_for(lambda: not self._result_pending)
                req = next(self._ids)
                self._waiting[req] = None
            try:
                with self._write:
                    write_message(self._replies, dict(header, req=req), list(blobs))
                reply, reply_blobs = self._reply(req)
            finally:
                with self._state:
                    del self._waiting[req]
                    self._state.notify_all()
            if reply.get("type") != header["type"] + "_reply":
                raise ProtocolError(f"expected the reply to request {req}, got {reply.get('type')!r} {reply.get('req')!r}")
            return reply, reply_blobs

    def post(self, header: Dict[str, Any], blobs: List[bytes] = ()) -> int:
        """Sends a request that gets no reply (``"reply": false``) and returns its number at once: the
        worker performs it before any request written after it, and a failure of it comes back as the
        error of this task's next request that has a reply (or fails the task)."""
        with _alarm_deferred():  # a request half written would put the pipe out of step
            with self._state:
                self._state.wait_for(lambda: not self._result_pending)
                req = next(self._ids)
            with self._write:
                write_message(self._replies, dict(header, req=req, reply=False), list(blobs))
            return req

    def _reply(self, req: int) -> Tuple[Dict[str, Any], List[bytes]]:
        """Waits for request ``req``'s reply, reading the pipe for every waiting thread while no other does."""
        while True:
            with self._state:
                self._state.wait_for(lambda: self._waiting[req] is not None or not self._reading or self._broken)
                if self._waiting[req] is not None:
                    return self._waiting[req]
                if self._broken is not None:
                    raise ProtocolError(f"request {req}: the pipe from the Java worker broke ({self._broken})")
                self._reading = True
            message = None
            try:
                message = read_message(self._requests)
                if message is None:
                    raise ProtocolError("the Java worker closed the pipe while a request was waiting")
                got = message[0].get("req")
                with self._state:
                    if got not in self._waiting or self._waiting[got] is not None:
                        raise ProtocolError(f"a reply to request {got!r} ({message[0].get('type')!r}) that no thread"
                                            f" is waiting for")
                    self._waiting[got] = message
            except BaseException as e:
                with self._state:
                    self._broken = e
                raise
            finally:
                with self._state:
                    self._reading = False
                    self._state.notify_all()


current: Optional[Channel] = None
"""The channel of this process when it is a Braid worker (``python -m braid.worker``), else None."""


@contextlib.contextmanager
def _alarm_deferred():
    """A task's time_out (SIGALRM) waits for the reply: raised between the request and its reply,
    it would leave the reply unread and the next task would find it instead of its own request."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
