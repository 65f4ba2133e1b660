"""``ObjectDistroStream`` and ``FileDistroStream``, with PyCOMPSs' names and signatures.

Without the Braid runtime (``python app.py``) a stream lives in this process: tasks run one
after the other, so a producer task has published (and usually closed) before its consumer
polls. As in Braid's runtime, handles with the same alias are one stream and its readers share
the records (each record is handed out once); poll never waits, since nothing can arrive while
the only process polls. Running on the runtime, streams go through Braid's one stream client
(docs/PYTHON.md).
"""

import itertools
import os
from typing import Any, Dict, List, Optional

FILE = "FILE"
OBJECT = "OBJECT"

AT_MOST_ONCE = "AT_MOST_ONCE"
AT_LEAST_ONCE = "AT_LEAST_ONCE"
EXACTLY_ONCE = "EXACTLY_ONCE"
_MODES = (AT_MOST_ONCE, AT_LEAST_ONCE, EXACTLY_ONCE)


class RegistrationException(Exception):
    """The stream cannot be created (bad mode, base directory, alias of another type)."""


class BackendException(Exception):
    """A publish or poll the stream refuses (publishing on a closed stream, a path outside the base directory)."""


class _State:
    def __init__(self, stream_id: str, alias: Optional[str], stream_type: str, mode: str, base_dir: Optional[str]):
        self.id = stream_id
        self.alias = alias
        self.type = stream_type
        self.mode = mode
        self.base_dir = base_dir
        self.items: List[Any] = []
        self.read = 0
        self.files_seen: set = set()
        self.closed = False


_streams: Dict[str, _State] = {}
_ids = itertools.count(1)


class DistroStream:
    """What both kinds of stream have."""

    def __init__(self, alias: Optional[str], stream_type: str, access_mode: str, base_dir: Optional[str] = None):
        if access_mode not in _MODES:
            raise RegistrationException(f"unknown consumer mode {access_mode!r} (one of {', '.join(_MODES)})")
        if alias is not None and alias in _streams:
            state = _streams[alias]
            if state.type != stream_type:
                raise RegistrationException(f"alias {alias!r} is a stream of type {state.type}, not {stream_type}")
        else:
            state = _State(f"stream-{next(_ids)}", alias, stream_type, access_mode, base_dir)
            _streams[alias if alias is not None else state.id] = state
        self._state = state

    def get_stream_id(self) -> str:
        return self._state.id

    def get_stream_alias(self) -> Optional[str]:
        return self._state.alias

    def get_stream_type(self) -> str:
        return self._state.type

    def get_consumer_mode(self) -> str:
        return self._state.mode

    def close(self) -> None:
        """No more records: readers take what is left, then is_closed() is True for them."""
        self._state.closed = True

    def is_closed(self) -> bool:
        return self._state.closed

    def _check_open(self) -> None:
        if self._state.closed:
            raise BackendException(f"stream {self._state.alias or self._state.id} is closed: cannot publish")


class ObjectDistroStream(DistroStream):
    """A stream of Python objects."""

    def __init__(self, alias: Optional[str] = None, access_mode: str = AT_MOST_ONCE):
        super().__init__(alias, OBJECT, access_mode)

    def publish(self, message: Any) -> None:
        self._check_open()
        self._state.items.append(message)

    def publish_list(self, messages: List[Any]) -> None:
        self._check_open()
        self._state.items.extend(messages)

    def poll(self, timeout: Optional[float] = None) -> List[Any]:
        """The records not handed out yet (each goes to one reader of the stream)."""
        state = self._state
        taken = state.items[state.read:]
        state.read = len(state.items)
        return taken


class FileDistroStream(DistroStream):
    """A stream of files: every file written in the base directory is a record (its path)."""

    def __init__(self, alias: Optional[str] = None, access_mode: str = AT_MOST_ONCE, base_dir: Optional[str] = None):
        if not base_dir:
            raise RegistrationException("a FileDistroStream needs base_dir")
        base = os.path.abspath(base_dir)
        try:
            os.makedirs(base, exist_ok=True)
        except OSError as e:
            raise RegistrationException(f"cannot use {base_dir} as the base directory of a file stream: {e}") from None
        super().__init__(alias, FILE, access_mode, base)
        self.base_dir = self._state.base_dir

    def publish(self, message: str) -> None:
        """Optional: files written in the base directory are published without it."""
        self.publish_list([message])

    def publish_list(self, messages: List[str]) -> None:
        self._check_open()
        for path in messages:
            absolute = os.path.abspath(path)
            if os.path.dirname(absolute) != self.base_dir and not absolute.startswith(self.base_dir + os.sep):
                raise BackendException(f"cannot publish {absolute} on file stream "
                                       f"{self._state.alias or self._state.id}: it is not inside {self.base_dir}")

    def poll(self, timeout: Optional[float] = None) -> List[str]:
        """The paths of the files of the base directory not handed out yet, sorted."""
        state = self._state
        found = []
        for folder, _, names in os.walk(state.base_dir):
            for name in names:
                path = os.path.join(folder, name)
                if path not in state.files_seen:
                    state.files_seen.add(path)
                    found.append(path)
        return sorted(found)
