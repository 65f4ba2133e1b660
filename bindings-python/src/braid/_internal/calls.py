"""Checks a task call's values against the task's declaration, before the task runs.

Only what the values tell is checked here (the rest was checked at decoration): a file or
directory parameter must be a path (str or os.PathLike), an input file or directory must exist,
a collection must be a list (a tuple is accepted for IN), an INOUT/OUT object must be mutable
(it is updated in place: an int cannot be), a stream parameter must be a DistroStream.
"""

import inspect
import os
from typing import Any, Dict, Iterator, Tuple

from braid.api import parameter as p
from braid.errors import TaskArgumentError

_IMMUTABLE = (int, float, complex, str, bytes, bool, tuple, frozenset, type(None))


def bound_arguments(definition: Any, args: tuple, kwargs: dict) -> Iterator[Tuple[str, Any, Any]]:
    """(name, value, spec) of every argument of the call; nothing when the call does not match
    the signature (the function itself then raises Python's own TypeError)."""
    try:
        bound = definition.signature.bind(*args, **kwargs)
    except TypeError:
        return
    for name, value in bound.arguments.items():
        kind = definition.signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            for item in value:
                yield name, item, definition.spec_of(name)
        elif kind is inspect.Parameter.VAR_KEYWORD:
            for key, item in value.items():
                yield key, item, definition.spec_of(key)
        else:
            yield name, value, definition.spec_of(name)


def check(definition: Any, args: tuple, kwargs: dict) -> None:
    for name, value, spec in bound_arguments(definition, args, kwargs):
        check_one(definition, name, value, spec)


def check_one(definition: Any, name: str, value: Any, spec: Any) -> None:
    if spec.kind == p.TYPE.OBJECT and spec.direction == p.DIRECTION.IN:
        return  # any value will do
    def fail(message: str) -> TaskArgumentError:
        return TaskArgumentError(f"task {definition.name}: parameter '{name}' {message}")

    label = _label(spec)
    if spec.kind in (p.TYPE.FILE, p.TYPE.DIRECTORY):
        if not isinstance(value, (str, os.PathLike)):
            raise fail(f"is {label} but got {type(value).__name__} {value!r} (a path is expected)")
        if spec.direction != p.DIRECTION.OUT and not _written_by_a_task(value):
            if spec.kind == p.TYPE.FILE and not os.path.isfile(value):
                raise fail(f"is {label} but {os.fspath(value)!r} is not an existing file")
            if spec.kind == p.TYPE.DIRECTORY and not os.path.isdir(value):
                raise fail(f"is {label} but {os.fspath(value)!r} is not an existing directory")
    elif spec.kind == p.TYPE.COLLECTION:
        allowed = (list, tuple) if spec.direction == p.DIRECTION.IN else (list,)
        if not isinstance(value, allowed):
            what = "a list or tuple" if spec.direction == p.DIRECTION.IN else "a list (it is updated in place)"
            raise fail(f"is {label} but got {type(value).__name__} {value!r} ({what} is expected)")
    elif spec.kind == p.TYPE.STREAM:
        from braid.streams.distro_stream import DistroStream
        if not isinstance(value, DistroStream):
            raise fail(f"is {label} but got {type(value).__name__} {value!r} (a DistroStream is expected)")
    elif spec.direction != p.DIRECTION.IN and isinstance(value, _IMMUTABLE):
        raise fail(f"is {spec.direction} but got an immutable {type(value).__name__} {value!r}: "
                   f"{spec.direction} objects are updated in place, pass a list, dict or object")


def make_out_directories(definition: Any, args: tuple, kwargs: dict) -> None:
    """Sequential runs: a DIRECTORY_OUT parameter's directory exists when the task starts (created
    when missing; an existing one keeps its content), as a task on the runtime finds it."""
    if not any(s.kind == p.TYPE.DIRECTORY and s.direction == p.DIRECTION.OUT for s in definition.params.values()):
        return
    for _, value, spec in bound_arguments(definition, args, kwargs):
        if spec.kind == p.TYPE.DIRECTORY and spec.direction == p.DIRECTION.OUT:
            os.makedirs(value, exist_ok=True)


def _written_by_a_task(path: Any) -> bool:
    """Run by braid-run, a file an earlier task writes may not be there yet: that is not an error."""
    import braid._runtime as runtime
    return runtime.session is not None and runtime.session.written_by_a_task(path)


def _label(spec: Any) -> str:
    names: Dict[str, str] = {p.TYPE.FILE: "FILE", p.TYPE.DIRECTORY: "DIRECTORY",
                             p.TYPE.COLLECTION: "COLLECTION", p.TYPE.STREAM: "STREAM"}
    return f"{names.get(spec.kind, 'OBJECT')}_{spec.direction}"
