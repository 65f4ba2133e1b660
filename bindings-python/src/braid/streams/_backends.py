"""Which implementation the stream handles of this process use.

* In a task on a Braid worker (``python -m braid.worker``): requests to the Java worker (``_worker``).
* In a main program run by braid-run: the backend the runtime mode installs with
  :func:`install_main` (libbraid's ``braid_object_stream_*`` / ``braid_file_stream_*`` through
  ctypes, ``_native``), so that the main program's handles are the Java library's too.
* Otherwise (``python app.py``): streams in this process (``_local``), as PyCOMPSs' sequential mode.
"""

from typing import Any, Optional

_main: Optional[Any] = None
_local: Optional[Any] = None


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
    global _local
    if _local is None:
        from braid.streams._local import LocalBackend
        _local = LocalBackend()
    return _local
