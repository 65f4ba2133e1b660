"""Runs one task request in this process and builds its reply (docs/DESIGN.md, "Python worker
protocol"). Pure with respect to the transport: takes (header, blobs), returns (header, blobs)."""

import contextlib
import importlib
import inspect
import os
import pickle
import shutil
import signal
import sys
import tempfile
import traceback
from typing import Any, Dict, List, Optional, Tuple

from braid._internal.attach import DEFINITION
from braid._internal.carried import DirectoryValue, NestedShape

_WRITTEN = ("OUT", "INOUT")


class TaskTimeout(Exception):
    """The task ran longer than its time_out."""


OBJECT_FILE_THRESHOLD = 8 << 20
"""Default pickle size (bytes) from which a returned or updated object goes to a file of the
worker's data directory instead of inline over the pipe (Java: ``braid.python.objectFileThreshold``)."""


class ObjectFiles:
    """Where this process writes the large objects it gives back (docs/DESIGN.md, "Large Python
    objects as files"): pickles of at least ``threshold`` bytes go to new files in ``directory``
    (the worker's data directory, set by ``python -m braid.worker --object-dir``); without a
    directory everything goes inline."""

    def __init__(self, directory: Optional[str] = None, threshold: int = OBJECT_FILE_THRESHOLD) -> None:
        self.directory = directory
        self.threshold = threshold
        self._count = 0

    def new_path(self) -> str:
        self._count += 1
        return os.path.join(self.directory, f"pyobj-{os.getpid()}-{self._count}.pickle")


objects = ObjectFiles()
"""This process's setting: no directory (all inline) unless ``python -m braid.worker`` was given one."""

_ALWAYS_SMALL = (type(None), bool, int, float, complex)


class _FileSink:
    """A file-like sink for ``pickle.dump`` that writes with ``os.write``: the C pickler hands a
    large buffer (a numpy array's memory, as a ``PickleBuffer``) to ``write`` whole, so that it goes
    from the object's memory to the file without a copy in this process."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)

    def write(self, data: Any) -> int:
        view = data.raw() if isinstance(data, pickle.PickleBuffer) else memoryview(data).cast("B")
        size = view.nbytes
        while view:
            view = view[os.write(self._fd, view):]
        return size

    def close(self) -> None:
        os.close(self._fd)


def _pickled(value: Any) -> Tuple[Optional[bytes], bool]:
    """(the pickle, False) for a value that goes inline; (its pickle, True) for a large one without
    out-of-band buffers; (None, True) for a large one whose size is mostly buffers (numpy arrays,
    bytearrays), not copied here: ``pickle.dump`` streams them to the file."""
    if objects.directory is None or type(value) in _ALWAYS_SMALL:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), False
    buffers: List[pickle.PickleBuffer] = []
    data = pickle.dumps(value, protocol=5, buffer_callback=buffers.append)
    if not buffers:
        return data, len(data) >= objects.threshold
    if len(data) + sum(memoryview(b).nbytes for b in buffers) >= objects.threshold:
        return None, True
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), False  # small: buffers in band


class _Reply:
    """Accumulates the reply's outputs: each pickled value is written to a path or added inline;
    a large one goes to a new object file (``objects``)."""

    def __init__(self) -> None:
        self.blobs: List[bytes] = []
        self.written: List[str] = []

    def out(self, value: Any, path: Optional[str]) -> Dict[str, Any]:
        data = None
        if not path:
            data, large = _pickled(value)
            if not large:
                self.blobs.append(data)
                return {"blob": len(self.blobs) - 1}
            path = objects.new_path()
        self.written.append(path)
        sink = _FileSink(path)
        try:
            if data is not None:
                sink.write(data)
            else:
                pickle.dump(value, sink, protocol=pickle.HIGHEST_PROTOCOL)  # in band: a plain pickle
        finally:
            sink.close()
        return {"path": path}

    def discard(self) -> None:
        """The task failed after some outputs were written: their files go."""
        for path in self.written:
            with contextlib.suppress(OSError):
                os.unlink(path)
        self.written.clear()


def run(header: Dict[str, Any], blobs: List[bytes]) -> Tuple[Dict[str, Any], List[bytes]]:
    task_id = header.get("id")
    try:
        function, definition = resolve(header["module"], header["function"], header.get("sys_path", []))
        time_out = header.get("time_out") or (definition.time_out if definition is not None else 0)
        args = [decode(a, blobs) for a in header.get("args", [])]
        kwargs = {k: decode(a, blobs) for k, a in header.get("kwargs", {}).items()}
        carried = _Carried(definition, args, header.get("cwd"))
    except Exception as e:  # the task never started: same reply shape as a task's exception
        return _error(task_id, e, timed_out=False), []
    try:
        return _run(task_id, header, function, time_out, carried.args, kwargs, carried)
    finally:
        carried.clean()


def _run(task_id: Any, header: Dict[str, Any], function: Any, time_out: float, args: List[Any],
         kwargs: Dict[str, Any], carried: "_Carried") -> Tuple[Dict[str, Any], List[bytes]]:
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
        sent = carried.after()
        for index, spec in enumerate(header.get("args", [])):
            updated.extend(_updated(index, [], spec, sent[index], reply))
        for name, spec in header.get("kwargs", {}).items():
            updated.extend(_updated(name, [], spec, kwargs[name], reply))
    except Exception as e:
        reply.discard()
        return _error(task_id, e, timed_out=False), []
    return {"type": "result", "id": task_id, "status": "ok", "returns": returns, "updated": updated}, reply.blobs


class _Carried:
    """The arguments braid-run carries on plain objects (braid._internal.carried), made what the
    task expects: a DIRECTORY_* parameter's archive extracted into a directory whose path the task
    gets; a collection with Depth > 1 rebuilt from its shape and leaves. ``after()``: what goes
    back (the directory archived again, the collection flattened again)."""

    def __init__(self, definition: Any, sent: List[Any], cwd: Optional[str]) -> None:
        self.sent = sent
        self.args = list(sent)
        self.directories: Dict[int, str] = {}
        self.shapes: Dict[int, NestedShape] = {}
        self.temporary: List[str] = []
        if definition is None or not _carries(definition):
            return
        for index, spec in enumerate(_positional_specs(definition, len(sent))):
            value = sent[index]
            if spec.kind == "directory" and isinstance(value, DirectoryValue):
                where = tempfile.mkdtemp(prefix="braid-directory-", dir=cwd if cwd and os.path.isdir(cwd) else None)
                self.temporary.append(where)
                path = os.path.join(where, value.name or "directory")
                if spec.direction == "OUT":
                    os.makedirs(path)
                else:
                    value.extract(path)
                self.directories[index] = path
                self.args[index] = path
            elif spec.kind == "collection" and spec.depth > 1 and isinstance(value, list) and value \
                    and isinstance(value[0], NestedShape):
                self.shapes[index] = value[0]
                self.args[index] = value[0].rebuild(value[1:])

    def after(self) -> List[Any]:
        out = list(self.args)
        for index, path in self.directories.items():
            out[index] = DirectoryValue.of(path)
        for index, shape in self.shapes.items():
            out[index] = [shape] + shape.flatten(self.args[index], f"argument {index}")
        return out

    def clean(self) -> None:
        for where in self.temporary:
            shutil.rmtree(where, ignore_errors=True)


_CARRIES: Dict[int, Tuple[Any, bool]] = {}  # id(definition) -> (definition, has a directory or a deep collection)


def _carries(definition: Any) -> bool:
    known = _CARRIES.get(id(definition))
    if known is None or known[0] is not definition:
        known = _CARRIES[id(definition)] = (definition, any(
            spec.kind == "directory" or (spec.kind == "collection" and spec.depth > 1)
            for spec in definition.params.values()))
    return known[1]


def _positional_specs(definition: Any, n: int) -> List[Any]:
    """The declared spec of each of the n positional arguments braid-run passes."""
    specs: List[Any] = []
    for param in definition.signature.parameters.values():
        if param.kind is inspect.Parameter.VAR_POSITIONAL:
            specs.extend([definition.spec_of(param.name)] * (n - len(specs)))
            break
        if param.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD):
            break
        specs.append(definition.spec_of(param.name))
    return specs[:n]


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
