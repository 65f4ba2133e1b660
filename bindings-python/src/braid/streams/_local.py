"""Streams without the runtime (``python app.py``): a stream lives in this process.

Tasks run one after the other, so a producer task has published (and usually closed) before its
consumer polls. As in Braid's runtime, handles with the same alias are one stream and its
readers share the records (each record is handed out once); poll never waits, since nothing can
arrive while the only process polls.
"""

import itertools
import os
from typing import Any, Dict, List, Optional

from braid.streams._meta import FILE, BackendException, RegistrationException, StreamMeta


class _State:
    def __init__(self, meta: StreamMeta):
        self.meta = meta
        self.items: List[Any] = []
        self.read = 0
        self.files_seen: set = set()
        self.closed = False


class LocalHandle:
    def __init__(self, state: _State):
        self._state = state
        self.meta = state.meta

    def publish(self, values: List[Any]) -> None:
        state = self._state
        if state.closed:
            raise BackendException(f"stream {self.meta.alias or self.meta.id} is closed: cannot publish")
        if state.meta.type == FILE:
            base = state.meta.base_dir
            for path in values:
                absolute = os.path.abspath(path)
                if not absolute.startswith(base + os.sep):
                    raise BackendException(f"cannot publish {absolute} on file stream "
                                           f"{self.meta.alias or self.meta.id}: it is not inside {base}")
            return  # files in the base directory are found by poll
        state.items.extend(values)

    def poll(self, timeout_ms: Optional[int]) -> List[Any]:
        state = self._state
        if state.meta.type == FILE:
            found = []
            for folder, _, names in os.walk(state.meta.base_dir):
                for name in names:
                    path = os.path.join(folder, name)
                    if path not in state.files_seen:
                        state.files_seen.add(path)
                        found.append(path)
            return sorted(found)
        taken = state.items[state.read:]
        state.read = len(state.items)
        return taken

    def close(self) -> None:
        self._state.closed = True

    def is_closed(self) -> bool:
        return self._state.closed


class LocalBackend:
    def __init__(self) -> None:
        self._streams: Dict[str, _State] = {}  # by alias and by id
        self._ids = itertools.count(1)

    def register(self, stream_type: str, alias: Optional[str], mode: str, base_dir: Optional[str]) -> LocalHandle:
        if alias is not None and alias in self._streams:
            state = self._streams[alias]
            if state.meta.type != stream_type:
                raise RegistrationException(f"alias {alias!r} is a stream of type {state.meta.type}, not {stream_type}")
            return LocalHandle(state)
        if base_dir is not None:
            base_dir = os.path.abspath(base_dir)
            try:
                os.makedirs(base_dir, exist_ok=True)
            except OSError as e:
                raise RegistrationException(f"cannot use {base_dir} as the base directory of a file stream: {e}") from None
        state = _State(StreamMeta(f"stream-{next(self._ids)}", alias, stream_type, mode, base_dir))
        self._streams[state.meta.id] = state
        if alias is not None:
            self._streams[alias] = state
        return LocalHandle(state)

    def attach(self, meta: StreamMeta) -> LocalHandle:
        """A handle unpickled in this process: the stream it names (made again if this process lacks it)."""
        state = self._streams.get(meta.id)
        if state is None:
            state = _State(meta)
            self._streams[meta.id] = state
            if meta.alias is not None:
                self._streams.setdefault(meta.alias, state)
        return LocalHandle(state)
