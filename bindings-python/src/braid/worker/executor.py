"""Runs one task request in this process and builds its reply (docs/DESIGN.md, "Python worker
protocol"). Pure with respect to the transport: takes (header, blobs), returns (header, blobs)."""

import contextlib
import importlib
import os
import pickle
import signal
import sys
import traceback
from typing import Any, Dict, List, Optional, Tuple

from braid._internal.attach import DEFINITION

_WRITTEN = ("OUT", "INOUT")


class TaskTimeout(Exception):
    """The task ran longer than its time_out."""


class _Reply:
    """Accumulates the reply's blobs: each pickled value is written to a path or added inline."""

    def __init__(self) -> None:
        self.blobs: List[bytes] = []

    def out(self, value: Any, path: Optional[str]) -> Dict[str, Any]:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        if path:
            with open(path, "wb") as f:
                f.write(data)
            return {"path": path}
        self.blobs.append(data)
        return {"blob": len(self.blobs) - 1}


def run(header: Dict[str, Any], blobs: List[bytes]) -> Tuple[Dict[str, Any], List[bytes]]:
    task_id = header.get("id")
    try:
        function, definition = resolve(header["module"], header["function"], header.get("sys_path", []))
        time_out = header.get("time_out") or (definition.time_out if definition is not None else 0)
        args = [decode(a, blobs) for a in header.get("args", [])]
        kwargs = {k: decode(a, blobs) for k, a in header.get("kwargs", {}).items()}
    except Exception as e:  # the task never started: same reply shape as a task's exception
        return _error(task_id, e, timed_out=False), []
    redirected = header.get("cwd") or header.get("stdout") or header.get("stderr")
    with _task_environment(header) if redirected else _FLUSH_AFTER:
        try:
            with _time_limit(time_out) if time_out else _NO_LIMIT:
                result = function(*args, **kwargs)
        except TaskTimeout as e:
            return _error(task_id, e, timed_out=True), []
        except BaseException as e:  # SystemExit in a task fails the task, not the worker
            return _error(task_id, e, timed_out=False), []
    reply = _Reply()
    try:
        returns = _returns(result, header.get("returns", 0), header.get("return_paths") or [], reply)
        updated = []
        for index, spec in enumerate(header.get("args", [])):
            updated.extend(_updated(index, [], spec, args[index], reply))
        for name, spec in header.get("kwargs", {}).items():
            updated.extend(_updated(name, [], spec, kwargs[name], reply))
    except Exception as e:
        return _error(task_id, e, timed_out=False), []
    return {"type": "result", "id": task_id, "status": "ok", "returns": returns, "updated": updated}, reply.blobs


def resolve(module_name: str, qualname: str, sys_path: List[str]) -> Tuple[Any, Any]:
    """The undecorated function ``module.qualname`` (``Class.method`` for methods) and its task
    definition (None for a function without @task)."""
    for entry in reversed(sys_path):
        if entry not in sys.path:
            sys.path.insert(0, entry)
    target: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        target = getattr(target, part)
    definition = getattr(target, DEFINITION, None)
    return (definition.function if definition is not None else target), definition


def decode(spec: Dict[str, Any], blobs: List[bytes]) -> Any:
    kind = spec.get("kind")
    if kind == "value":
        return pickle.loads(blobs[spec["blob"]])
    if kind == "object_file":
        with open(spec["path"], "rb") as f:
            return pickle.load(f)
    if kind == "literal":
        return spec.get("value")
    if kind == "file":
        return spec["path"]
    if kind == "collection":
        return [decode(item, blobs) for item in spec.get("items", [])]
    if kind == "stream":
        from braid.streams.distro_stream import _from_worker_argument
        return _from_worker_argument(spec)
    raise ValueError(f"unknown argument kind {kind!r}")


def _updated(arg: Any, item: List[int], spec: Dict[str, Any], value: Any, reply: _Reply) -> List[Dict[str, Any]]:
    if spec.get("direction") not in _WRITTEN:
        return []
    kind = spec.get("kind")
    if kind in ("value", "object_file"):
        out_path = spec.get("out_path") or (spec.get("path") if kind == "object_file" else None)
        return [dict({"arg": arg, "item": item}, **reply.out(value, out_path))]
    if kind == "collection":
        if not isinstance(value, list):
            raise TypeError(f"collection argument {arg} is a {type(value).__name__} after the task, not a list")
        items = spec.get("items", [])
        updated = []
        for i, element in enumerate(value):
            element_spec = dict(items[i]) if i < len(items) else {"kind": "value"}
            element_spec["direction"] = spec["direction"]  # elements have the collection's direction
            if element_spec.get("kind") in ("literal", "file"):
                element_spec = {"kind": "value", "direction": spec["direction"]}
            updated.extend(_updated(arg, item + [i], element_spec, element, reply))
        return updated
    return []


def _returns(result: Any, count: int, paths: List[str], reply: _Reply) -> List[Dict[str, Any]]:
    if count == 0:
        return []
    if count == 1:
        values = [result]
    else:
        if not isinstance(result, (tuple, list)) or len(result) != count:
            raise TypeError(f"the task declares returns={count} but returned {type(result).__name__} {result!r:.80}")
        values = list(result)
    return [reply.out(v, paths[i] if i < len(paths) else None) for i, v in enumerate(values)]


def _error(task_id: Any, error: BaseException, timed_out: bool) -> Dict[str, Any]:
    return {"type": "result", "id": task_id, "status": "error", "error_type": type(error).__name__,
            "message": str(error), "traceback": "".join(traceback.format_exception(error)),
            "timed_out": timed_out}


class _FlushAfter:
    """A task without redirections: its buffered prints reach the process's stderr log when it
    ends, as with ``_task_environment`` (a later crash would lose them), without that generator's
    cost per task."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc_info) -> bool:
        sys.stdout.flush()
        sys.stderr.flush()
        return False


_FLUSH_AFTER = _FlushAfter()
_NO_LIMIT = contextlib.nullcontext()


@contextlib.contextmanager
def _time_limit(seconds: float):
    if not seconds:
        yield
        return

    def expire(signum, frame):
        raise TaskTimeout(f"the task ran longer than its time_out of {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _task_environment(header: Dict[str, Any]):
    """The task's working directory and stdout/stderr files, restored afterwards."""
    saved_cwd = os.getcwd() if header.get("cwd") else None
    redirections = [(1, header.get("stdout")), (2, header.get("stderr"))]
    saved = []
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        if saved_cwd:
            os.chdir(header["cwd"])
        for fd, path in redirections:
            if path:
                target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
                saved.append((fd, os.dup(fd)))
                os.dup2(target, fd)
                os.close(target)
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)
        if saved_cwd:
            os.chdir(saved_cwd)
