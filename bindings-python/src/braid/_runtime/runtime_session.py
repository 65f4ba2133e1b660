"""Task calls of a main program run by braid-run, turned into libbraid's foreign tasks.

Objects cross as pickles identified by ids chosen here. A mutable object passed to a task is
tracked (by identity) under one id for the rest of the run: its pickle is sent when the runtime
does not have this value yet (first use, or the main program changed it since: the pickle's
digest differs), else the runtime's newest version is used, and always when a task is still to
write it (INOUT). Immutable values (numbers, strings, bytes, None) go by value. A task's returns
are :class:`Future` placeholders; ``compss_wait_on`` fetches values and updates INOUT objects in
place. A task type is defined on first need per (function, parameter kinds): a parameter that
gets a Future once and a number another time is an OBJECT in one type and a VALUE in the other.

A Future the program drops (garbage collected, never waited on or waited on and forgotten) is
released on the master: its ``__del__`` only appends its id to a deque (atomic, no lock, no call
into libbraid or the JVM, so it is safe whichever thread the collector runs in and whatever lock
that thread holds), and the main program's next wait, barrier or the end of the run (or a task
call once ``RELEASE_BATCH`` are queued) tells the runtime, all of them in one call. The master then drops the datum once the tasks
that use it have ended (``DataDrops``, whose cost is O(the version's readers)).

Directories (DIRECTORY_*) and collections with ``Depth`` > 1 are carried on the runtime's objects
(braid._internal.carried): a directory is one object holding a tar archive of it, tracked by its
absolute path; a nested collection goes flat, every leaf its own datum, after a shape element.
"""

import collections
import hashlib
import inspect
import os
import pickle
import threading
from typing import Any, Dict, List, Optional, Tuple

from braid._internal import calls, program
from braid._internal.carried import DirectoryValue, NestedShape
from braid._runtime.future import Future
from braid._runtime.native import Libbraid
from braid.api import parameter as p
from braid.errors import TaskArgumentError, TaskDefinitionError

_BY_VALUE = (int, float, complex, str, bytes, bool, type(None))
_PICKLE = pickle.HIGHEST_PROTOCOL
#: A task call releases the dropped Futures once this many are queued (a wait, a barrier and the
#: end of the run release them all): one braid_foreign_delete_objects call for many.
RELEASE_BATCH = 256


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


class _Tracked:
    """A mutable object of the main program the runtime knows as ``object_id``."""

    __slots__ = ("obj", "object_id", "digest", "written")

    def __init__(self, obj: Any, object_id: int) -> None:
        self.obj = obj
        self.object_id = object_id
        self.digest: Optional[bytes] = None  # of the value the runtime has from the main program
        self.written = False  # a task is to write it: the runtime's version is newer than the main's


class _Collection:
    """A list passed COLLECTION_INOUT (at any level of a nested one): for each item, the item
    and its datum's id (None for a nested list, itself a _Collection). compss_wait_on(list)
    updates the items; passed to a task again before that, an item that is still the one the
    task was given goes by its id (the task's version), so the new task depends on the writer."""

    __slots__ = ("obj", "entries", "by_value")

    def __init__(self, obj: list, entries: List[Tuple[Any, Optional[int]]], by_value: List[int]) -> None:
        self.obj = obj
        self.entries = entries
        self.by_value = by_value  # ids of the leaves sent by value (numbers, strings...): deleted once synced

    def previous(self, index: int, item: Any) -> Optional[int]:
        if index < len(self.entries):
            known, object_id = self.entries[index]
            if known is item:
                return object_id
        return None


class Session:
    """The tasks of one run; every method may raise :class:`braid._runtime.native.BraidError`."""

    def __init__(self, lib: Libbraid, location: Optional[str]) -> None:
        self.lib = lib
        self.location = location  # the application's directory, first on the workers' sys.path
        self._lock = threading.RLock()
        self._last_id = 0
        self._types: Dict[Tuple[int, Tuple[str, ...]], int] = {}
        self._simple: Dict[int, List[Tuple[str, Any]]] = {}  # id(definition) -> (name, spec) when all positional
        self._objects: Dict[int, _Tracked] = {}  # id(obj) ->
        self._collections: Dict[int, _Collection] = {}  # id(list) -> (written, not synchronised yet)
        self._directories: Dict[str, _Tracked] = {}  # absolute path -> (obj: the path)
        self._written_files: set = set()  # paths tasks write (FILE_OUT, FILE_INOUT), absolute
        self._dropped: collections.deque = collections.deque()  # ids of Futures the program dropped

    # ---- definitions ----------------------------------------------------------------------------

    def check_definition(self, definition: Any) -> None:
        """At decoration: what runtime mode cannot carry out stops the program there, and the
        Java side checks the declaration (its default kinds) before any task runs."""
        kinds = []
        for param in definition.signature.parameters.values():
            if param.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD):
                continue
            spec = definition.spec_of(param.name)
            kinds.append(self._declared_kind(spec, future=False, by_value=spec.direction == p.DIRECTION.IN))
            if param.kind is inspect.Parameter.VAR_POSITIONAL:
                kinds.pop()
        try:
            self._define(definition, tuple(kinds))  # not kept: decorators above @task may change it yet
        except Exception as e:
            raise TaskDefinitionError(str(e)) from None

    def _type(self, definition: Any, kinds: Tuple[str, ...]) -> int:
        key = (id(definition), kinds)
        type_id = self._types.get(key)
        if type_id is None:
            type_id = self._types[key] = self._define(definition, kinds)
        return type_id

    def _define(self, definition: Any, kinds: Tuple[str, ...]) -> int:
        constraints = [f"{k}={v}" for k, v in definition.constraints.items()]
        if definition.program is not None:
            specs = [definition.spec_of(q.name) for q in definition.signature.parameters.values()
                     if q.kind not in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD)]
            specs += [specs[-1]] * (len(kinds) - len(specs)) if specs else []  # *args: the last spec repeats
            return self.lib.define_program(
                definition.module, definition.qualname, definition.program.settings(), list(kinds),
                [s.prefix for s in specs[:len(kinds)]], [s.stream for s in specs[:len(kinds)]], definition.returns,
                constraints, definition.io, definition.priority, definition.on_failure,
                int(round(definition.time_out * 1000)))
        return self.lib.define(definition.module, definition.qualname, self.location, list(kinds),
                               definition.returns, constraints, definition.io, definition.priority,
                               definition.on_failure, int(round(definition.time_out * 1000)))

    @staticmethod
    def _declared_kind(spec: Any, future: bool, by_value: bool) -> str:
        written = spec.direction != p.DIRECTION.IN
        if spec.kind == p.TYPE.FILE:
            return "FILE_" + spec.direction
        if spec.kind == p.TYPE.COLLECTION:
            return "INOUT COLLECTION" if written else "IN COLLECTION"
        if spec.kind == p.TYPE.DIRECTORY:  # an object holding its archive (braid._internal.carried)
            return "INOUT OBJECT" if written else "IN OBJECT"
        if spec.kind == p.TYPE.STREAM:
            return "STREAM_" + spec.direction
        if written:  # OUT: a Python task changes the object in place, as for INOUT
            return "INOUT OBJECT"
        return "IN VALUE" if by_value and not future else "IN OBJECT"

    # ---- calls ----------------------------------------------------------------------------------

    def call(self, definition: Any, args: tuple, kwargs: dict) -> Any:
        values = self._positional(definition, args, kwargs)
        for name, value, spec in values:
            calls.check_one(definition, name, value, spec)
        if definition.program is not None:
            return self._call_program(definition, values)
        n = len(values)
        kinds: List[str] = []
        object_ids: List[int] = [0] * n
        data: List[Optional[bytes]] = [None] * n
        files: List[Optional[str]] = [None] * n
        elements: List[Optional[Tuple[List[int], List[Optional[bytes]]]]] = [None] * n
        once: List[int] = []  # ids of values sent for this call only
        has_files = has_collections = False
        with self._lock:
            if len(self._dropped) >= RELEASE_BATCH:
                self.release_dropped()
            for i, (name, value, spec) in enumerate(values):
                written = spec.direction != p.DIRECTION.IN
                if spec.kind == p.TYPE.FILE:
                    kinds.append("FILE_" + spec.direction)
                    files[i] = os.fspath(value)
                    has_files = True
                    if written:
                        self._written_files.add(os.path.abspath(files[i]))
                elif spec.kind == p.TYPE.STREAM:
                    kinds.append("STREAM_" + spec.direction)  # the stream by its id (braid_foreign.h)
                    files[i] = value.get_stream_id()
                    has_files = True
                elif spec.kind == p.TYPE.COLLECTION:
                    kinds.append("INOUT COLLECTION" if written else "IN COLLECTION")
                    elements[i] = self._elements(value, written, once, spec.depth)
                    has_collections = True
                elif spec.kind == p.TYPE.DIRECTORY:
                    kinds.append("INOUT OBJECT" if written else "IN OBJECT")
                    object_ids[i], data[i] = self._directory(value, spec.direction)
                elif isinstance(value, Future):
                    kinds.append("INOUT OBJECT" if written else "IN OBJECT")
                    object_ids[i] = value.object_id
                    if written:
                        value._has_value = False
                elif not written and isinstance(value, _BY_VALUE):
                    kinds.append("IN VALUE")
                    data[i] = pickle.dumps(value, _PICKLE)
                else:
                    kinds.append("INOUT OBJECT" if written else "IN OBJECT")
                    object_ids[i], data[i] = self._object(value, written)
            return_ids = [self._new_id() for _ in range(definition.returns)]
            type_id = self._type(definition, tuple(kinds))
            self.lib.submit(type_id, n, object_ids, data, files if has_files else None, return_ids,
                            elements if has_collections else None)
            for object_id in once:
                self.lib.delete_object(object_id)
        futures = [Future(r, self) for r in return_ids]
        if not futures:
            return None
        return futures[0] if len(futures) == 1 else tuple(futures)

    def _call_program(self, definition: Any, values: List[Tuple[str, Any, Any]]) -> Any:
        """A @binary/@mpi task: values go as their command-line text, files as paths; the return
        (returns=1) is the exit value."""
        n = len(values)
        kinds: List[str] = []
        data: List[Optional[bytes]] = [None] * n
        files: List[Optional[str]] = [None] * n
        for i, (name, value, spec) in enumerate(values):
            if spec.kind == p.TYPE.FILE:
                kinds.append("FILE_" + spec.direction)
                files[i] = os.fspath(value)
            else:
                kinds.append("IN VALUE")
                data[i] = program.argument(definition, name, value, spec).encode()
        with self._lock:
            if len(self._dropped) >= RELEASE_BATCH:
                self.release_dropped()
            for i, (_, _, spec) in enumerate(values):
                if spec.kind == p.TYPE.FILE and spec.direction != p.DIRECTION.IN:
                    self._written_files.add(os.path.abspath(files[i]))
            return_ids = [self._new_id() for _ in range(definition.returns)]
            type_id = self._type(definition, tuple(kinds))
            self.lib.submit(type_id, n, None, data, files, return_ids, None)
        return Future(return_ids[0], self) if return_ids else None

    def _positional(self, definition: Any, args: tuple, kwargs: dict) -> List[Tuple[str, Any, Any]]:
        """(name, value, spec) of every parameter in the signature's order, defaults included."""
        specs = self._simple.get(id(definition))
        if specs is None:
            plain = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
            parameters = definition.signature.parameters.values()
            specs = self._simple[id(definition)] = [(q.name, definition.spec_of(q.name)) for q in parameters] \
                if all(q.kind in plain for q in parameters) else []
        if specs and not kwargs and len(args) == len(specs):  # the common call: every argument by position
            return [(name, value, spec) for (name, spec), value in zip(specs, args)]
        try:
            bound = definition.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{definition.name}(): {e}") from None
        bound.apply_defaults()
        out = []
        for name, value in bound.arguments.items():
            kind = definition.signature.parameters[name].kind
            if kind is inspect.Parameter.VAR_POSITIONAL:
                out.extend((name, item, definition.spec_of(name)) for item in value)
            elif kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD):
                if kind is inspect.Parameter.VAR_KEYWORD and not value:
                    continue
                raise TaskArgumentError(f"task {definition.name}: parameter '{name}' is keyword-only; braid-run "
                                        f"passes task arguments by position (make it a positional parameter)")
            else:
                out.append((name, value, definition.spec_of(name)))
        return out

    def _new_id(self) -> int:
        self._last_id += 1
        return self._last_id

    def _object(self, obj: Any, written: bool) -> Tuple[int, Optional[bytes]]:
        """The object's id and, when the runtime lacks the main program's value, its pickle."""
        t = self._objects.get(id(obj))
        if t is None or t.obj is not obj:
            t = _Tracked(obj, self._new_id())
            self._objects[id(obj)] = t
        data = None
        if not t.written:
            pickled = pickle.dumps(obj, _PICKLE)
            digest = _digest(pickled)
            if digest != t.digest:
                data, t.digest = pickled, digest
        if written:
            t.written = True
        return t.object_id, data

    def _elements(self, items: Any, written: bool, once: List[int],
                  depth: int = 1) -> Tuple[List[int], List[Optional[bytes]]]:
        """The ids and bytes of a collection's elements. With ``depth`` > 1 the nested lists are
        flattened (every leaf its own datum) after a first element holding their shape."""
        ids: List[int] = []
        data: List[Optional[bytes]] = []
        shape = self._leaves(items, 1, depth, written, once, ids, data)
        if depth > 1:
            shape_id = self._new_id()
            ids.insert(0, shape_id)
            data.insert(0, pickle.dumps(NestedShape(shape), _PICKLE))
            once.append(shape_id)
        return ids, data

    def _leaves(self, items: Any, level: int, depth: int, written: bool, once: List[int], ids: List[int],
                data: List[Optional[bytes]]) -> List[Any]:
        """Adds the leaves of ``items`` (lists down to ``depth`` levels) to ids/data; their shape."""
        earlier = self._collections.get(id(items))
        if earlier is not None and earlier.obj is not items:
            earlier = None
        shape: List[Any] = []
        entries: List[Tuple[Any, Optional[int]]] = []
        by_value: List[int] = []
        for index, item in enumerate(items):
            if level < depth and isinstance(item, list):
                shape.append(self._leaves(item, level + 1, depth, written, once, ids, data))
                entries.append((item, None))
                continue
            shape.append(None)
            object_id = earlier.previous(index, item) if earlier is not None else None
            pickled = None
            if object_id is not None:  # the version a task writes: this task waits for it
                if earlier is not None and object_id in earlier.by_value:
                    by_value.append(object_id)
            elif isinstance(item, Future):
                object_id = item.object_id
            elif isinstance(item, _BY_VALUE):
                object_id = self._new_id()
                pickled = pickle.dumps(item, _PICKLE)
                (by_value if written else once).append(object_id)
            else:
                object_id, pickled = self._object(item, written)
            if written and isinstance(item, Future):
                item._has_value = False
            ids.append(object_id)
            data.append(pickled)
            entries.append((item, object_id))
        if written:
            if earlier is not None:  # what the main program replaced since is not needed any more
                once.extend(object_id for object_id in earlier.by_value if object_id not in by_value)
            self._collections[id(items)] = _Collection(items, entries, by_value)
        return shape

    def _directory(self, path: Any, direction: str) -> Tuple[int, Optional[bytes]]:
        """The directory's object id and, when the runtime lacks the main program's content, its
        archive. OUT: the task starts from an empty directory, sent only the first time."""
        key = os.path.abspath(os.fspath(path))
        t = self._directories.get(key)
        if t is None:
            t = self._directories[key] = _Tracked(key, self._new_id())
        data = None
        if not t.written and (direction != p.DIRECTION.OUT or t.digest is None):
            value = DirectoryValue.empty(key) if direction == p.DIRECTION.OUT else DirectoryValue.of(key)
            pickled = pickle.dumps(value, _PICKLE)
            digest = _digest(pickled)
            if digest != t.digest:
                data, t.digest = pickled, digest
        if direction != p.DIRECTION.IN:
            t.written = True
        return t.object_id, data

    # ---- synchronisation ------------------------------------------------------------------------

    def wait_on(self, value: Any) -> Any:
        """The value of a Future; an INOUT object or collection updated in place; lists, tuples and
        dicts of them rebuilt with their values; anything else as it is."""
        self.release_dropped()
        return self._wait_on(value)

    def _wait_on(self, value: Any) -> Any:
        if isinstance(value, Future):
            if not value._has_value:
                value._value = self.lib.wait_on(value.object_id, pickle.loads)
                value._has_value = True
            return value._value
        t = self._objects.get(id(value))
        if t is not None and t.obj is value:
            return self._sync(t)
        c = self._collections.get(id(value))
        if c is not None and c.obj is value:
            return self._sync_collection(c)
        if isinstance(value, list):
            return [self._wait_on(v) for v in value]
        if isinstance(value, tuple):
            waited = [self._wait_on(v) for v in value]
            return type(value)(*waited) if hasattr(value, "_fields") else tuple(waited)
        if isinstance(value, dict):
            return {k: self._wait_on(v) for k, v in value.items()}
        return value

    def _sync_collection(self, c: _Collection) -> list:
        """Updates the list in place (nested lists included) with what the tasks wrote."""
        value = c.obj
        for index, (item, object_id) in enumerate(c.entries):
            if index >= len(value):
                break
            if object_id is None:
                nested = self._collections.get(id(item))
                if nested is not None and nested.obj is item:
                    self._sync_collection(nested)
            elif value[index] is item:  # else the main program replaced it: its value wins
                value[index] = self._sync_element(item, object_id)
        with self._lock:
            if self._collections.get(id(value)) is c:
                del self._collections[id(value)]
            for object_id in c.by_value:  # their values are the main program's now
                self.lib.delete_object(object_id)
        return value

    def _sync_element(self, element: Any, object_id: int) -> Any:
        if isinstance(element, Future):
            return self._wait_on(element)
        t = self._objects.get(id(element))
        if t is not None and t.obj is element:
            return self._sync(t)
        return self.lib.wait_on(object_id, pickle.loads)

    def _sync(self, t: _Tracked) -> Any:
        if not t.written:
            return t.obj
        new, digest = self.lib.wait_on(t.object_id, lambda pickled: (pickle.loads(pickled), _digest(pickled)))
        with self._lock:
            t.written = False
            t.digest = digest
            if _update_in_place(t.obj, new):
                return t.obj
            # cannot be updated in place: the new object takes the old one's id
            del self._objects[id(t.obj)]
            t.obj = new
            self._objects[id(new)] = t
            return new

    def wait_on_file(self, path: Any) -> str:
        self.release_dropped()
        return self.lib.wait_on_file(os.fspath(path))

    def wait_on_directory(self, path: Any) -> str:
        """Brings the content the tasks wrote into the directory (replacing what it held)."""
        self.release_dropped()
        key = os.path.abspath(os.fspath(path))
        t = self._directories.get(key)
        if t is not None and t.written:
            self.lib.wait_on(t.object_id, pickle.loads).extract(key)
            with self._lock:
                t.written = False
                t.digest = _digest(pickle.dumps(DirectoryValue.of(key), _PICKLE))
        return key

    def finish(self) -> None:
        """At the end of a run that went well: directories tasks wrote are brought to their paths
        (as files are), and what the program dropped is released."""
        for key, t in list(self._directories.items()):
            if t.written:
                self.wait_on_directory(key)
        self.release_dropped()

    def release_dropped(self) -> None:
        """Tells the runtime about the Futures the program dropped since the last call, in one
        call (braid_foreign_delete_objects)."""
        dropped = self._dropped
        if not dropped:
            return
        ids = []
        while dropped:
            try:
                ids.append(dropped.popleft())
            except IndexError:
                break
        self.lib.delete_objects(ids)

    def dropped(self, object_id: int) -> None:
        """A Future's ``__del__``: only queues (see the module's docstring)."""
        self._dropped.append(object_id)

    def delete_file(self, path: Any) -> None:
        self.lib.delete_file(os.fspath(path))
        self._written_files.discard(os.path.abspath(os.fspath(path)))

    def written_by_a_task(self, path: Any) -> bool:
        key = os.path.abspath(os.fspath(path))
        t = self._directories.get(key)
        return key in self._written_files or (t is not None and t.written)

    def delete_object(self, obj: Any) -> None:
        with self._lock:
            if isinstance(obj, Future):
                self.lib.delete_object(obj.object_id)
                obj._session = None
                return
            t = self._objects.get(id(obj))
            if t is not None and t.obj is obj:
                del self._objects[id(obj)]
                self.lib.delete_object(t.object_id)
            c = self._collections.pop(id(obj), None)
            if c is not None and c.obj is obj:
                for item, object_id in c.entries:
                    if object_id is not None and not isinstance(item, Future):
                        self.lib.delete_object(object_id)

    def barrier(self) -> None:
        self.release_dropped()
        self.lib.barrier()

    def open_group(self, name: str) -> None:
        self.lib.open_group(name)

    def close_group(self, name: str, barrier: bool) -> Optional[str]:
        return self.lib.close_group(name, barrier)

    def barrier_group(self, name: str) -> Optional[str]:
        return self.lib.barrier_group(name)

    def cancel_group(self, name: str) -> None:
        self.lib.cancel_group(name)


def _update_in_place(old: Any, new: Any) -> bool:
    """Makes ``old`` hold ``new``'s value, so that every reference the main program has sees it."""
    if type(old) is not type(new):
        return False
    if isinstance(old, list):
        old[:] = new
        return True
    if isinstance(old, dict):
        old.clear()
        old.update(new)
        return True
    if isinstance(old, (set, bytearray)):
        old.clear() if isinstance(old, set) else old.__delitem__(slice(None))
        old.update(new) if isinstance(old, set) else old.extend(new)
        return True
    try:
        import numpy  # noqa: F401 - only when the application uses it
        if isinstance(old, numpy.ndarray) and old.shape == new.shape and old.dtype == new.dtype:
            old[...] = new
            return True
    except ImportError:
        pass
    if hasattr(old, "__dict__") and not isinstance(old, type):
        old.__dict__.clear()
        old.__dict__.update(new.__dict__)
        return True
    return False
