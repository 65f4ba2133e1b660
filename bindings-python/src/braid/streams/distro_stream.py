"""``ObjectDistroStream`` and ``FileDistroStream``, with PyCOMPSs' names and signatures.

The handles have one implementation per place they run (``_backends``): in a task on a Braid
worker every operation goes to the Java worker's stream client, in a main program run by
braid-run to libbraid's, and without the runtime (``python app.py``) the stream lives in this
process. Semantics as in Java (docs/STREAMS.md); ``poll(timeout)`` takes milliseconds, as
PyCOMPSs' and Java's. A handle pickles as what identifies its stream (id, alias, type, mode,
base directory) and attaches to it again where it is unpickled.
"""

import os
from typing import Any, List, Optional

from braid.streams import _backends
from braid.streams._meta import FILE, OBJECT, BackendException, RegistrationException, StreamMeta

AT_MOST_ONCE = "AT_MOST_ONCE"
AT_LEAST_ONCE = "AT_LEAST_ONCE"
EXACTLY_ONCE = "EXACTLY_ONCE"
_MODES = (AT_MOST_ONCE, AT_LEAST_ONCE, EXACTLY_ONCE)

__all__ = ["DistroStream", "ObjectDistroStream", "FileDistroStream", "RegistrationException", "BackendException",
           "AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE", "FILE", "OBJECT"]


class DistroStream:
    """What both kinds of stream have."""

    def __init__(self, alias: Optional[str], stream_type: str, access_mode: str, base_dir: Optional[str] = None):
        if access_mode not in _MODES:
            raise RegistrationException(f"unknown consumer mode {access_mode!r} (one of {', '.join(_MODES)})")
        self._impl = _backends.current().register(stream_type, alias, access_mode, base_dir)

    def get_stream_id(self) -> str:
        return self._impl.meta.id

    def get_stream_alias(self) -> Optional[str]:
        return self._impl.meta.alias

    def get_stream_type(self) -> str:
        return self._impl.meta.type

    def get_consumer_mode(self) -> str:
        return self._impl.meta.mode

    def publish(self, message: Any) -> None:
        self.publish_list([message])

    def publish_list(self, messages: List[Any]) -> None:
        self._impl.publish(list(messages))

    def poll(self, timeout: Optional[int] = None) -> List[Any]:
        """What is available now (``timeout`` None or 0), or waits up to ``timeout`` ms for at least one
        element. Once is_closed() is True, the next poll returns everything still unread."""
        return self._impl.poll(int(timeout) if timeout else None)

    def close(self) -> None:
        """This handle stops writing: when every writer has closed, readers see is_closed()."""
        self._impl.close()

    def is_closed(self) -> bool:
        return self._impl.is_closed()

    def __reduce__(self):
        return _attach, (type(self), tuple(self._impl.meta))

    def __repr__(self) -> str:
        return f"{type(self).__name__}[{self._impl.meta.describe()}, {self._impl.meta.mode}]"


def _attach(cls: type, meta: tuple) -> DistroStream:
    """An unpickled handle: the same stream, reached through this process's backend."""
    stream = cls.__new__(cls)
    stream._impl = _backends.current().attach(StreamMeta(*meta))
    return stream


def _from_worker_argument(spec: dict) -> DistroStream:
    """A STREAM_IN / STREAM_OUT argument of a task on a Braid worker."""
    from braid.streams._worker import WorkerBackend
    cls = FileDistroStream if spec.get("stream_type") == FILE else ObjectDistroStream
    stream = cls.__new__(cls)
    stream._impl = WorkerBackend.from_argument(spec)
    return stream


class ObjectDistroStream(DistroStream):
    """A stream of Python objects (bytes and str cross to Java and C as themselves, see docs/PYTHON.md)."""

    def __init__(self, alias: Optional[str] = None, access_mode: str = AT_MOST_ONCE):
        super().__init__(alias, OBJECT, access_mode)


class FileDistroStream(DistroStream):
    """A stream of files: every file written (and closed) in the base directory is an element, its absolute path."""

    def __init__(self, alias: Optional[str] = None, access_mode: str = AT_MOST_ONCE, base_dir: Optional[str] = None):
        if not base_dir:
            raise RegistrationException("a FileDistroStream needs base_dir")
        super().__init__(alias, FILE, access_mode, os.path.abspath(base_dir))

    @property
    def base_dir(self) -> str:
        return self._impl.meta.base_dir

    def publish(self, message: str) -> None:
        """Optional: files written in the base directory are published without it."""
        self.publish_list([message])
