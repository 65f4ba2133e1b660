"""Which implementation the stream handles of this process use.

* In a task on a Braid worker (``python -m braid.worker``): requests to the Java worker (``_worker``).
* In a main program run by braid-run: the backend the runtime mode installs with
  :func:`install_main` (libbraid's ``braid_object_stream_*`` / ``braid_file_stream_*`` through
  ctypes, ``_native``), so that the main program's handles are the Java library's too.
* Otherwise, when ``BRAID_STREAM_SERVER`` is set (a process outside braid-run that uses an existing
  stream server, as a Java process does: a sensor feeding an application): libbraid's handles,
  which use that server (``_native``; libbraid found as braid-run finds it, ``BRAID_LIBBRAID`` first).
* Otherwise (``python app.py``): streams in this process (``_local``), as PyCOMPSs' sequential mode.
"""

import os
from typing import Any, Optional

_main: Optional[Any] = None
_local: Optional[Any] = None
_server: Optional[Any] = None


def install_main(backend: Any) -> None:
    """Called by the runtime mode when it starts (None when it stops): the main program's streams use ``backend``."""
    global _main
    _main = backend


def current() -> Any:
    from braid.worker import channel
    if channel.current is not None:
        from braid.streams._worker import WorkerBackend
        return WorkerBackend()
    if _main is not None:
        return _main
    if os.environ.get("BRAID_STREAM_SERVER"):
        return _server_backend()
    global _local
    if _local is None:
        from braid.streams._local import LocalBackend
        _local = LocalBackend()
    return _local


def _server_backend() -> Any:
    """libbraid's streams on the server BRAID_STREAM_SERVER names (loaded once per process)."""
    global _server
    if _server is None:
        import ctypes
        from braid._runtime.native import BraidError, find_libbraid
        from braid.streams._meta import RegistrationException
        from braid.streams._native import NativeBackend
        try:
            _server = NativeBackend(ctypes.CDLL(find_libbraid()))
        except (BraidError, OSError) as e:
            raise RegistrationException(f"BRAID_STREAM_SERVER={os.environ['BRAID_STREAM_SERVER']}: the streams of a "
                                        f"process outside braid-run go through libbraid: {e}") from None
    return _server
