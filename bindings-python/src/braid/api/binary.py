"""``@binary(binary="cmd", working_dir=..., fail_by_exit_value=...)`` over ``@task``: the task runs
a program (PyCOMPSs' decorator; docs/PYTHON.md, "Binary and MPI tasks").

The function's parameters, in order, are the program's arguments (``Prefix`` before a value,
FILE parameters as paths, ``FILE_OUT_STDOUT``/``{Type: FILE_OUT, StdIOStream: STDOUT}`` as its
standard streams); with ``@task(returns=1)`` the call gives the exit value. The body is never run.
"""

from braid._internal import program as _program
from braid._internal.attach import describe
from braid.errors import TaskDefinitionError

__all__ = ["binary", "Binary"]

KEYWORDS = ("binary", "working_dir", "fail_by_exit_value")
UNSUPPORTED = ("args", "params", "engine", "image")


class binary:  # noqa: N801 - PyCOMPSs' name
    """The task is the program ``binary`` (``${VAR}`` expanded from the environment when it runs)."""

    def __init__(self, **kwargs):
        self._options = kwargs

    def __call__(self, function):
        name = describe(function)

        def fail(message):
            return TaskDefinitionError(f"@binary of {name}: {message}")

        o = self._options
        _program.keywords("@binary", o, KEYWORDS, UNSUPPORTED, fail)
        spec = _program.Program(
            kind="binary", binary=_program.text(o.get("binary"), "binary", fail, required=True),
            working_dir=_program.text(o.get("working_dir"), "working_dir", fail),
            fail_by_exit_value=_program.flag(o.get("fail_by_exit_value", False), "fail_by_exit_value", fail))
        return _program.attach_to(function, spec, "@binary")


Binary = binary
