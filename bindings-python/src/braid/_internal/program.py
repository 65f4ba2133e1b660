"""Tasks implemented by a program: ``@binary`` and ``@mpi`` over ``@task`` (PyCOMPSs' decorators).

The task's parameters, in the function's order, form the command line as the Java runtime's
``@Binary``/``@MPI`` tasks do (docs/COMPSS.md, "Binary and MPI tasks"): each is one argument
``prefix + value`` (``Prefix`` of the dictionary form; prefix ``"#"``: left out), a FILE its
path, a value its ``str()``; a FILE declared with ``StdIOStream`` (``FILE_OUT_STDOUT``...) is not
an argument but the program's standard input, output or error (output appended to). The task's
return (``returns=1``) is the program's exit value; with ``fail_by_exit_value`` a non-zero one
fails the task. MPI: ``runner -n <ranks> [flags...] binary args...``.

Run by braid-run, the worker's Java program invoker runs it (braid_foreign_define_program); in a
sequential run (``python app.py``) :func:`run` does it here, with the same command line.
"""

import inspect
import os
import re
import subprocess
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Tuple

from braid.api import parameter as p
from braid.errors import ProgramFailedError, TaskArgumentError, TaskDefinitionError

SKIP = "#"
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")
#: Values that go on a command line as their str().
TEXT = (str, int, float, bool)


@dataclass
class Program:
    """What ``@binary``/``@mpi`` said: the program and how to start it."""

    kind: str  # "binary" or "mpi"
    binary: str
    working_dir: Optional[str] = None
    fail_by_exit_value: bool = False
    runner: Optional[str] = None
    flags: List[str] = field(default_factory=list)
    processes: int = 1
    scale_by_cu: bool = False

    def settings(self) -> List[str]:
        """``key=value`` entries for braid_foreign_define_program."""
        out = [f"kind={self.kind}", f"binary={self.binary}",
               f"fail_by_exit_value={str(self.fail_by_exit_value).lower()}"]
        if self.working_dir is not None:
            out.append(f"working_dir={self.working_dir}")
        if self.kind == "mpi":
            out += [f"runner={self.runner}", f"processes={self.processes}",
                    f"scale_by_cu={str(self.scale_by_cu).lower()}"]
            if self.flags:
                out.append("flags=" + " ".join(self.flags))
        return out

    def ranks(self, definition: Any) -> int:
        units = int(definition.constraints.get("computing_units", 1))
        return self.processes * units if self.scale_by_cu else self.processes


def attach_to(function: Any, program: Program, decorator: str) -> Any:
    """Makes ``program`` the implementation of the task ``function`` is (above or below @task)."""
    from braid._internal import attach

    def apply(definition: Any) -> None:
        check(definition, decorator)
        definition.program = program
        import braid._runtime as runtime
        if runtime.session is not None and hasattr(function, attach.DEFINITION):
            runtime.session.check_definition(definition)

    return attach.update(function, apply)


def check(definition: Any, decorator: str) -> None:
    """What a program task cannot take or give, found at decoration."""
    def fail(message: str) -> TaskDefinitionError:
        return TaskDefinitionError(f"{decorator} of {definition.name}: {message}")

    if definition.program is not None:
        raise fail("the task already has a @binary or @mpi implementation")
    if definition.is_method():
        raise fail("a program task is a function, not a method")
    if definition.returns > 1:
        raise fail(f"returns={definition.returns}: a program task returns its exit value (returns=1) or nothing")
    for name, spec in definition.params.items():
        if spec.kind == p.TYPE.FILE:
            continue
        if spec.kind != p.TYPE.OBJECT or spec.direction != p.DIRECTION.IN:
            raise fail(f"parameter '{name}' is {spec.kind} {spec.direction}: a program task takes values (IN, "
                       f"as command-line text) and files (FILE_IN, FILE_OUT, FILE_INOUT)")


def argument(definition: Any, name: str, value: Any, spec: Any) -> str:
    """The text a non-file parameter's value is on the command line (before its prefix)."""
    if not isinstance(value, TEXT):
        raise TaskArgumentError(f"task {definition.name}: parameter '{name}' is a command-line argument of "
                                f"{definition.program.binary} but got {type(value).__name__} {value!r} (a str, "
                                f"int, float or bool is expected{'; compss_wait_on it first' if _is_future(value) else ''})")
    return str(value)


def _is_future(value: Any) -> bool:
    from braid._runtime.future import Future
    return isinstance(value, Future)


def expand(text: str, environ=os.environ) -> str:
    """``${VAR}`` and ``$VAR`` from the environment, as the Java worker does; unset: an error."""
    def one(m: "re.Match") -> str:
        name = m.group(1) or m.group(2)
        if name not in environ:
            raise ProgramFailedError(f"environment variable {name} (in \"{text}\") is not set")
        return environ[name]
    return _VAR.sub(one, text)


def run(definition: Any, args: tuple, kwargs: dict) -> Optional[int]:
    """A sequential run of the task: the program runs now, in this process's directory (or the
    ``working_dir``, created if missing); its exit value, or None without ``returns``."""
    from braid._internal import calls

    program = definition.program
    command: List[str] = []
    streams = {}
    for name, value, spec in _arguments(definition, args, kwargs):
        calls.check_one(definition, name, value, spec)
        if spec.kind == p.TYPE.FILE:
            text = os.path.abspath(os.fspath(value))  # the working directory may be another
            if spec.stream is not None:
                streams[spec.stream] = (text, spec.direction)
                continue
        else:
            text = argument(definition, name, value, spec)
        if spec.prefix == SKIP:
            continue
        command.append((spec.prefix or "") + text)
    label = f"task {definition.name}"
    try:
        binary = expand(program.binary)
        head = [binary]
        if program.kind == "mpi":
            head = [expand(program.runner), "-n", str(program.ranks(definition)), *program.flags, binary]
        cwd = expand(program.working_dir) if program.working_dir else None
    except ProgramFailedError as e:
        raise ProgramFailedError(f"{label}: {e}") from None
    if cwd:
        os.makedirs(cwd, exist_ok=True)
    threads = max(1, int(definition.constraints.get("computing_units", 1)))
    env = dict(os.environ, COMPSS_NUM_NODES="1", COMPSS_NUM_THREADS=str(threads), OMP_NUM_THREADS=str(threads),
               COMPSS_HOSTNAMES="localhost")
    opened = []
    try:
        stdin = _open(streams.get(p.STDIN), "rb", opened, subprocess.DEVNULL)
        stdout = _open(streams.get(p.STDOUT), "ab", opened, None)
        stderr = _open(streams.get(p.STDERR), "ab", opened, None)
        try:
            exit_value = subprocess.run(head + command, stdin=stdin, stdout=stdout, stderr=stderr, cwd=cwd,
                                        env=env).returncode
        except OSError as e:
            raise ProgramFailedError(f"{label}: cannot start {head[0]}: {e.strerror or e}") from None
    finally:
        for f in opened:
            f.close()
    if exit_value != 0 and program.fail_by_exit_value:
        raise ProgramFailedError(f"{label}: {head[0]} exited with {exit_value} (fail_by_exit_value)")
    return exit_value if definition.returns else None


def _arguments(definition: Any, args: tuple, kwargs: dict):
    """(name, value, spec) of every parameter in the signature's order, defaults included (what
    braid-run submits); a call that does not fit the signature raises Python's TypeError."""
    try:
        bound = definition.signature.bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"{definition.name}(): {e}") from None
    bound.apply_defaults()
    for name, value in bound.arguments.items():
        kind = definition.signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            yield from ((name, item, definition.spec_of(name)) for item in value)
        elif kind is inspect.Parameter.VAR_KEYWORD:
            yield from ((key, item, definition.spec_of(key)) for key, item in value.items())
        else:
            yield name, value, definition.spec_of(name)


def _open(entry: Optional[Tuple[str, str]], mode: str, opened: list, default: Any) -> Any:
    if entry is None:
        return default
    path, direction = entry
    if direction == p.DIRECTION.OUT and "a" in mode:
        mode = "wb"  # a FILE_OUT is a fresh file, as a task's OUT file on the runtime
    f = open(path, mode)
    opened.append(f)
    return f


def keywords(decorator: str, given: dict, known: Tuple[str, ...], unsupported: Tuple[str, ...],
             fail: Callable[[str], Exception]) -> None:
    for key in given:
        if key in unsupported:
            raise fail(f"'{key}' of PyCOMPSs' {decorator} is not supported by Braid")
        if key not in known:
            raise fail(f"unknown keyword '{key}' ({', '.join(known)})")


def flag(value: Any, key: str, fail: Callable[[str], Exception]) -> bool:
    """A bool, or (PyCOMPSs) the name of an environment variable holding true/false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = os.environ.get(value.strip("${}"), value).strip().lower()
        if text in ("true", "false"):
            return text == "true"
    raise fail(f"{key} must be True, False or an environment variable holding true/false, not {value!r}")


def text(value: Any, key: str, fail: Callable[[str], Exception], required: bool = False) -> Optional[str]:
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise fail(f"{key} must be a non-empty string, not {value!r}" if value is not None else f"needs {key}=...")
    return value.strip()


def count(value: Any, key: str, fail: Callable[[str], Exception]) -> int:
    """A whole number >= 1, given as a number, its text or ``$VAR``."""
    given = value
    if isinstance(value, str):
        value = os.environ.get(value.strip().strip("${}"), value) if value.strip().startswith("$") else value
        try:
            value = int(value.strip())
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise fail(f"{key} must be a whole number >= 1, not {given!r}")
    return value
