"""``@task(...)``: calls of the decorated function become tasks.

Keywords are PyCOMPSs': a parameter name with its direction/type (``a=INOUT``, ``f=FILE_IN``,
``xs={Type: COLLECTION_IN, Depth: 2}``), and the options ``returns`` (a count, a type or a list of
types), ``priority``, ``target_direction`` (of ``self`` for methods), ``time_out`` (seconds),
``on_failure`` / ``defaults`` and ``varargs_type``.

Mistakes in the declaration raise :class:`braid.errors.TaskDefinitionError` when the module is
imported; values that do not fit the declaration raise :class:`braid.errors.TaskArgumentError`
at the call. Without the Braid runtime (``python app.py``) tasks run at once, one after the
other, in the calling process, as PyCOMPSs does. Run by ``braid-run``, a call submits the task to
the runtime and returns at once (:class:`braid._runtime.future.Future` placeholders for returns).
"""

import functools

import braid._runtime as runtime
from braid._internal import attach, calls, excepthook, program
from braid._internal.definition import define
from braid.errors import TaskDefinitionError

excepthook.install()


class task:  # noqa: N801 - PyCOMPSs' name
    """Declares a task. Use as ``@task(...)`` (``@task`` without parentheses works too)."""

    def __new__(cls, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]) and not isinstance(args[0], type):
            return cls()(args[0])  # bare @task
        return super().__new__(cls)

    def __init__(self, *args, **kwargs):
        if args:
            raise TaskDefinitionError(f"@task takes keywords only (e.g. @task(returns=1)), got {args!r}")
        self._options = kwargs

    def __call__(self, function):
        if isinstance(function, (staticmethod, classmethod)):
            raise TaskDefinitionError(f"@task goes below @{type(function).__name__}, on the function itself")
        definition = define(function, self._options)
        attach.apply_pending(function, definition)
        if runtime.session is not None:
            # decorators above @task (@constraint, @IO) change the definition later: checked again
            # by the runtime when the first call defines the task type
            runtime.session.check_definition(definition)

        @functools.wraps(function)
        def run(*args, **kwargs):
            session = runtime.session
            if session is not None:
                return session.call(definition, args, kwargs)  # checks the values too
            if definition.program is not None:  # @binary / @mpi: the program, not the body
                return program.run(definition, args, kwargs)
            calls.check(definition, args, kwargs)
            calls.make_out_directories(definition, args, kwargs)
            return function(*args, **kwargs)

        setattr(run, attach.DEFINITION, definition)
        return run


Task = task
