"""Streams of a main program through libbraid (``braid_object_stream_*``, ``braid_file_stream_*``,
bindings-c/include/braid.h) called with ctypes: the handles are the Java library's, in the JVM
libbraid runs, so the main program shares streams with Java, C and Python tasks with one client.

The runtime mode installs it when it starts (``_backends.install_main(NativeBackend(lib))``, lib
the ``ctypes.CDLL`` of libbraid it loaded). Without braid_on, libbraid's streams use the stream
server ``BRAID_STREAM_SERVER`` names (docs/STREAMS.md), and so does this backend.

libbraid's object streams carry bytes only, as Python publishes everywhere (``_records``); a
poll that meets a Java element that is not a ``byte[]`` (a ``String`` a Java task published)
fails with libbraid's message.
"""

import ctypes
from ctypes import POINTER, byref, c_char_p, c_int, c_long, c_size_t, c_void_p
from typing import Any, List, Optional

from braid.streams import _records
from braid.streams._meta import FILE, OBJECT, BackendException, RegistrationException, StreamMeta

_MODES = ("AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE")  # braid_consumer_mode, in order
_OK = 0


class _Record(ctypes.Structure):
    _fields_ = [("data", c_void_p), ("size", c_size_t)]


def _declare(lib: ctypes.CDLL) -> None:
    """Argument and result types of the functions used (once per library)."""
    if getattr(lib, "_braid_streams_declared", False):
        return
    handle = c_void_p
    signatures = {
        "braid_last_error": ([], c_char_p),
        "braid_object_stream_new": ([c_char_p, c_int, POINTER(handle)], c_int),
        "braid_object_stream_publish_all": ([handle, POINTER(_Record), c_size_t], c_int),
        "braid_object_stream_poll": ([handle, c_long, POINTER(POINTER(_Record)), POINTER(c_size_t)], c_int),
        "braid_object_stream_close": ([handle], c_int),
        "braid_object_stream_is_closed": ([handle, POINTER(c_int)], c_int),
        "braid_object_stream_id": ([handle, POINTER(c_char_p)], c_int),
        "braid_object_stream_alias": ([handle, POINTER(c_char_p)], c_int),
        "braid_object_stream_mode": ([handle, POINTER(c_int)], c_int),
        "braid_object_stream_free": ([handle], None),
        "braid_records_free": ([POINTER(_Record), c_size_t], None),
        "braid_file_stream_new": ([c_char_p, c_char_p, c_int, POINTER(handle)], c_int),
        "braid_file_stream_publish": ([handle, c_char_p], c_int),
        "braid_file_stream_poll": ([handle, c_long, POINTER(POINTER(c_char_p)), POINTER(c_size_t)], c_int),
        "braid_file_stream_close": ([handle], c_int),
        "braid_file_stream_is_closed": ([handle, POINTER(c_int)], c_int),
        "braid_file_stream_id": ([handle, POINTER(c_char_p)], c_int),
        "braid_file_stream_alias": ([handle, POINTER(c_char_p)], c_int),
        "braid_file_stream_mode": ([handle, POINTER(c_int)], c_int),
        "braid_file_stream_base_dir": ([handle, POINTER(c_char_p)], c_int),
        "braid_file_stream_free": ([handle], None),
        "braid_paths_free": ([POINTER(c_char_p), c_size_t], None),
    }
    for name, (args, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = args
        function.restype = result
    lib._braid_streams_declared = True


def _text(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8")


class NativeHandle:
    """One libbraid handle (freed with this object)."""

    def __init__(self, lib: ctypes.CDLL, kind: str, pointer: c_void_p):
        self._lib = lib
        self._prefix = "braid_file_stream_" if kind == FILE else "braid_object_stream_"
        self._pointer = pointer
        self.meta = StreamMeta(self._string("id"), self._string("alias"), kind, _MODES[self._mode()],
                               self._string("base_dir") if kind == FILE else None)

    def _call(self, name: str, *args: Any, error: type = BackendException) -> None:
        status = getattr(self._lib, self._prefix + name)(self._pointer, *args)
        if status != _OK:
            raise error(_text(self._lib.braid_last_error()) or f"{self._prefix}{name} failed ({status})")

    def _string(self, name: str) -> Optional[str]:
        out = c_char_p()
        self._call(name, byref(out))
        return _text(out.value)

    def _mode(self) -> int:
        out = c_int()
        self._call("mode", byref(out))
        return out.value

    def publish(self, values: List[Any]) -> None:
        if self.meta.type == FILE:
            for path in values:
                self._call("publish", str(path).encode("utf-8"))
            return
        payloads = [_records.encode(v) for v in values]
        records = (_Record * len(payloads))()
        buffers = [ctypes.create_string_buffer(p, len(p)) for p in payloads]  # alive until the call returns
        for i, b in enumerate(buffers):
            records[i].data = ctypes.cast(b, c_void_p)
            records[i].size = len(payloads[i])
        self._call("publish_all", records, len(payloads))

    def poll(self, timeout_ms: Optional[int]) -> List[Any]:
        count = c_size_t()
        if self.meta.type == FILE:
            paths = POINTER(c_char_p)()
            self._call("poll", timeout_ms or 0, byref(paths), byref(count))
            try:
                return [_text(paths[i]) for i in range(count.value)]
            finally:
                if count.value:
                    self._lib.braid_paths_free(paths, count)
        records = POINTER(_Record)()
        self._call("poll", timeout_ms or 0, byref(records), byref(count))
        try:
            return [_records.decode(_records.BYTES, ctypes.string_at(records[i].data, records[i].size))
                    for i in range(count.value)]
        finally:
            if count.value:
                self._lib.braid_records_free(records, count)

    def close(self) -> None:
        self._call("close")

    def is_closed(self) -> bool:
        out = c_int()
        self._call("is_closed", byref(out))
        return bool(out.value)

    def __del__(self) -> None:
        pointer, self._pointer = getattr(self, "_pointer", None), None
        if pointer:
            getattr(self._lib, self._prefix + "free")(pointer)


class NativeBackend:
    def __init__(self, lib: ctypes.CDLL):
        _declare(lib)
        self._lib = lib

    def register(self, stream_type: str, alias: Optional[str], mode: str, base_dir: Optional[str]) -> NativeHandle:
        pointer = c_void_p()
        name = alias.encode("utf-8") if alias is not None else None
        if stream_type == OBJECT:
            status = self._lib.braid_object_stream_new(name, _MODES.index(mode), byref(pointer))
        else:
            status = self._lib.braid_file_stream_new(name, (base_dir or "").encode("utf-8"), _MODES.index(mode),
                                                     byref(pointer))
        if status != _OK:
            raise RegistrationException(_text(self._lib.braid_last_error()) or f"stream registration failed ({status})")
        return NativeHandle(self._lib, stream_type, pointer)

    def attach(self, meta: StreamMeta) -> NativeHandle:
        """A handle unpickled in the main program: libbraid attaches by alias only."""
        if meta.alias is None:
            raise RegistrationException(f"stream {meta.id}: a handle without an alias cannot be attached again in the"
                                        " main program (libbraid names streams by alias); keep the original handle")
        return self.register(meta.type, meta.alias, meta.mode, meta.base_dir)
