"""What a ``@task`` declares, checked once when the module is imported.

A :class:`TaskDefinition` is built from the decorated function and the decorator's keywords; any
mistake that can be seen without the call's values (an unknown keyword, a direction on a name
the function does not have, a ``returns`` that is neither a count nor types, a bad option value)
raises :class:`braid.errors.TaskDefinitionError` naming the function. Checks that need the
values (a FILE_IN that is not a path) are in :mod:`braid._internal.calls`.
"""

import inspect
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Tuple

from braid.api import parameter as p
from braid.errors import TaskDefinitionError

#: @task options Braid carries out (PyCOMPSs' names).
OPTIONS = ("returns", "priority", "target_direction", "time_out", "on_failure", "defaults", "varargs_type")

#: PyCOMPSs @task options Braid does not carry out: named in the error instead of "unknown".
UNSUPPORTED_OPTIONS = ("cache_returns", "is_replicated", "is_distributed", "computing_nodes", "is_reduce",
                       "chunk_size", "tracing_hook", "numba", "numba_flags", "numba_signature",
                       "numba_declaration")

ON_FAILURE_MANAGEMENT = ("RETRY", "CANCEL_SUCCESSORS", "FAIL", "IGNORE")

_DICT_KEYS = (p.Type, p.Direction, p.Prefix, p.Depth, p.StdIOStream)
_STREAMS = (p.STDIN, p.STDOUT, p.STDERR)
_DIRECTIONS = {p.DIRECTION.IN, p.DIRECTION.OUT, p.DIRECTION.INOUT}


@dataclass(frozen=True)
class ParamSpec:
    """How one parameter is passed: kind (object, file, directory, collection, stream),
    direction, collection depth, command-line prefix and (a file of a @binary/@mpi task) the
    program's standard stream it is."""

    kind: str
    direction: str
    depth: int = 1
    prefix: Optional[str] = None
    stream: Optional[str] = None


@dataclass
class TaskDefinition:
    """Everything known about a task before it is called."""

    function: Callable
    name: str  # module.qualname, for messages and for the worker
    module: str  # importable module name (the file's name when defined in __main__)
    qualname: str
    signature: inspect.Signature
    params: Dict[str, ParamSpec]
    returns: int
    return_types: Tuple[Any, ...]
    priority: bool = False
    target_direction: str = p.DIRECTION.INOUT
    time_out: float = 0
    on_failure: str = "RETRY"
    defaults: Dict[str, Any] = field(default_factory=dict)
    constraints: Dict[str, Any] = field(default_factory=dict)
    io: bool = False
    program: Any = None  # a braid._internal.program.Program when @binary/@mpi implement the task

    def spec_of(self, name: str) -> ParamSpec:
        """The declared spec, or the default (an object read by the task; self per target_direction)."""
        spec = self.params.get(name)
        if spec is not None:
            return spec
        if name == "self" and self.is_method():
            return ParamSpec(p.TYPE.OBJECT, self.target_direction)
        return _DEFAULT_SPEC

    def is_method(self) -> bool:
        names = list(self.signature.parameters)
        return bool(names) and names[0] == "self"


_DEFAULT_SPEC = ParamSpec(p.TYPE.OBJECT, p.DIRECTION.IN)


def task_name(function: Callable) -> str:
    return f"{module_name(function)}.{function.__qualname__}"


def module_name(function: Callable) -> str:
    """The name a worker imports the function's module by: a script run as ``python app.py``
    defines its tasks in ``__main__``, which a worker imports as ``app``."""
    module = function.__module__
    if module == "__main__":
        main_file = getattr(sys.modules.get("__main__"), "__file__", None)
        if main_file:
            return os.path.splitext(os.path.basename(main_file))[0]
    return module


def define(function: Callable, options: Dict[str, Any]) -> TaskDefinition:
    """Checks the @task keywords against the function and returns its definition."""
    if not callable(function) or not hasattr(function, "__code__"):
        raise TaskDefinitionError(f"@task decorates a function or method, not {function!r}")
    name = task_name(function)

    def fail(message: str) -> TaskDefinitionError:
        return TaskDefinitionError(f"@task of {name}: {message}")

    signature = inspect.signature(function)
    formal = signature.parameters
    has_var_keyword = any(v.kind is inspect.Parameter.VAR_KEYWORD for v in formal.values())
    params: Dict[str, ParamSpec] = {}
    settings: Dict[str, Any] = {}
    for key, value in options.items():
        if key in UNSUPPORTED_OPTIONS:
            raise fail(f"option '{key}' of PyCOMPSs is not supported by Braid")
        if key in OPTIONS:
            settings[key] = value
        elif key in formal or has_var_keyword:
            params[key] = _param_spec(key, value, fail)
        else:
            raise fail(f"'{key}' is neither a parameter of {function.__qualname__}{signature} "
                       f"nor a @task option ({', '.join(OPTIONS)})")

    count, types = _returns(settings.get("returns", 0), fail)
    definition = TaskDefinition(
        function=function, name=name, module=module_name(function), qualname=function.__qualname__,
        signature=signature, params=params, returns=count, return_types=types)
    if "priority" in settings:
        if not isinstance(settings["priority"], bool):
            raise fail(f"priority must be True or False, not {settings['priority']!r}")
        definition.priority = settings["priority"]
    if "target_direction" in settings:
        definition.target_direction = _object_direction("target_direction", settings["target_direction"], fail)
    if "time_out" in settings:
        definition.time_out = _time_out(settings["time_out"], fail)
    if "on_failure" in settings:
        definition.on_failure = check_management(settings["on_failure"], fail)
    if "defaults" in settings:
        if not isinstance(settings["defaults"], dict):
            raise fail(f"defaults must be a dict, not {settings['defaults']!r}")
        definition.defaults = dict(settings["defaults"])
    if "varargs_type" in settings:
        varargs = [v.name for v in formal.values() if v.kind is inspect.Parameter.VAR_POSITIONAL]
        if not varargs:
            raise fail("varargs_type is given but the function has no *args")
        params.setdefault(varargs[0], _param_spec(varargs[0], settings["varargs_type"], fail))
    for key, spec in params.items():
        if key == "self" and definition.is_method():
            raise fail("the direction of self is given with target_direction=, not self=")
    return definition


def check_management(value: Any, fail: Callable[[str], Exception]) -> str:
    if value not in ON_FAILURE_MANAGEMENT:
        raise fail(f"on_failure must be one of {', '.join(ON_FAILURE_MANAGEMENT)}, not {value!r}")
    return value


def _param_spec(name: str, value: Any, fail: Callable[[str], Exception]) -> ParamSpec:
    if isinstance(value, p._Param):
        return ParamSpec(value.kind, value.direction, stream=value.stream)
    if isinstance(value, dict):
        unknown = [k for k in value if k not in _DICT_KEYS]
        if unknown:
            raise fail(f"parameter '{name}': unknown key {unknown[0]!r} (keys: Type, Direction, Prefix, Depth, "
                       f"StdIOStream)")
        if p.Type in value and not isinstance(value[p.Type], p._Param):
            raise fail(f"parameter '{name}': the dictionary form's Type is one of the parameter "
                       f"kinds (FILE_IN, COLLECTION_IN...), got {value.get(p.Type)!r}")
        base = value.get(p.Type, p.IN)  # PyCOMPSs: {Prefix: "--sort="} alone is an IN value
        direction = base.direction
        if p.Direction in value:
            direction = _object_direction(f"parameter '{name}': Direction", value[p.Direction], fail)
        depth = 1
        if p.Depth in value:
            depth = value[p.Depth]
            if base.kind != p.TYPE.COLLECTION:
                raise fail(f"parameter '{name}': Depth applies to collections, not to {base.alias}")
            if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
                raise fail(f"parameter '{name}': Depth must be an integer >= 1, not {depth!r}")
        prefix = value.get(p.Prefix)
        if prefix is not None and not isinstance(prefix, str):
            raise fail(f"parameter '{name}': Prefix must be a string, not {prefix!r}")
        stream = value.get(p.StdIOStream, base.stream)
        if stream is not None and stream not in _STREAMS:
            raise fail(f"parameter '{name}': StdIOStream must be STDIN, STDOUT or STDERR, not {stream!r}")
        if stream is not None and base.kind != p.TYPE.FILE:
            raise fail(f"parameter '{name}': StdIOStream applies to files, not to {base.alias}")
        return ParamSpec(base.kind, direction, depth, prefix, stream)
    raise fail(f"parameter '{name}' is declared as {value!r}; expected IN, OUT, INOUT, FILE_IN, "
               f"COLLECTION_IN... (from braid.api.parameter) or a dictionary {{Type: ..., ...}}")


def _object_direction(what: str, value: Any, fail: Callable[[str], Exception]) -> str:
    if isinstance(value, p._Param) and value.kind == p.TYPE.OBJECT:
        return value.direction
    if isinstance(value, str) and value in _DIRECTIONS:
        return value
    raise fail(f"{what} must be IN, OUT or INOUT, not {value!r}")


def _returns(value: Any, fail: Callable[[str], Exception]) -> Tuple[int, Tuple[Any, ...]]:
    if value is None or value is False:
        return 0, ()
    if isinstance(value, bool):
        raise fail("returns must be a count (int), a type or a list of types, not True")
    if isinstance(value, int):
        if value < 0:
            raise fail(f"returns must not be negative, got {value}")
        return value, ()
    if isinstance(value, type):
        return 1, (value,)
    if isinstance(value, (list, tuple)) and value and all(isinstance(t, type) for t in value):
        return len(value), tuple(value)
    raise fail(f"returns must be a count (int), a type or a list of types, not {value!r}")


def _time_out(value: Any, fail: Callable[[str], Exception]) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise fail(f"time_out must be a number of seconds >= 0, not {value!r}")
    return value
