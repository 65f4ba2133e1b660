"""Requests a running task makes to its Java worker, between the task request and its result.

The worker process's protocol pipes are one conversation: while a task runs, the task may send a
request (``{"type": "stream", "req": N, ...}``) and then reads its reply (``stream_reply``) before
anything else is said, so requests interleave with a task without a second channel. Used by the
stream handles of ``braid.streams`` (docs/DESIGN.md, "Python worker protocol").
"""

import contextlib
import itertools
import signal
import threading
from typing import Any, BinaryIO, Dict, List, Optional, Tuple

from braid.worker.framing import ProtocolError, read_message, write_message, write_result


class Channel:
    """The pipes of this worker process, for requests made while a task runs."""

    def __init__(self, requests: BinaryIO, replies: BinaryIO) -> None:
        self._requests = requests
        self._replies = replies
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self.task = 0
        """Number of the task running (or last run): handles the worker gave an earlier task are released."""

    def send(self, header: Dict[str, Any], blobs: List[bytes] = (), compact: bool = False) -> None:
        """Writes a task's result between requests, never inside one: a thread the task started may
        still be making a request, and frames must not interleave. ``compact``: the request was a
        compact frame, so the result may be one too (``framing.write_result``)."""
        with self._lock:
            write_result(self._replies, header, list(blobs), compact)

    def call(self, header: Dict[str, Any], blobs: List[bytes] = ()) -> Tuple[Dict[str, Any], List[bytes]]:
        """Sends a request and returns its reply; one request at a time for every thread of the task."""
        with self._lock, _alarm_deferred():
            req = next(self._ids)
            write_message(self._replies, dict(header, req=req), list(blobs))
            message = read_message(self._requests)
            if message is None:
                raise ProtocolError("the Java worker closed the pipe while a request was waiting")
            reply, reply_blobs = message
            if reply.get("type") != header["type"] + "_reply" or reply.get("req") != req:
                raise ProtocolError(f"expected the reply to request {req}, got {reply.get('type')!r} {reply.get('req')!r}")
            return reply, reply_blobs


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
