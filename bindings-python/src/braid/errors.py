"""Errors the binding raises for a wrongly declared or wrongly called task.

Each message is one line that names the task (``module.function``) and the culprit, so that a
run stops with a line the user can act on (docs/PYTHON.md, "Errors").
"""


class TaskDefinitionError(ValueError):
    """A decorator (@task, @constraint, @IO, @on_failure) is wrong: raised when the module is
    imported, i.e. before any task of the application runs."""


class TaskArgumentError(TypeError):
    """A task was called with a value its declaration does not allow (a FILE_IN that is not a
    path or not an existing file, a collection that is not a list...): raised at that call,
    before that task runs."""


class TaskGroupError(Exception):
    """A task of a group failed (its ``on_failure`` let the run go on): raised by the group's
    barrier (``compss_barrier_group``, or the end of a ``with TaskGroup(...)`` block)."""


class ProgramFailedError(RuntimeError):
    """The program of a @binary/@mpi task could not start, or exited non-zero with
    ``fail_by_exit_value``: raised by the call in a sequential run (on the runtime the task fails,
    and the run stops as for any task that fails for good)."""
