"""Lets @constraint, @IO and @on_failure stand on either side of @task.

On top of @task they change the task's definition at once; below it they leave the change on the
function, and @task applies it when it defines the task.
"""

from typing import Any, Callable

DEFINITION = "__braid_task__"
PENDING = "__braid_pending__"


def describe(function: Any) -> str:
    definition = getattr(function, DEFINITION, None)
    if definition is not None:
        return definition.name
    from braid._internal.definition import task_name
    try:
        return task_name(function)
    except AttributeError:
        return repr(function)


def update(function: Any, apply: Callable[[Any], None]) -> Any:
    definition = getattr(function, DEFINITION, None)
    if definition is not None:
        apply(definition)
    else:
        if not callable(function):
            raise TypeError(f"a Braid decorator decorates a function, not {function!r}")
        pending = list(getattr(function, PENDING, []))
        pending.append(apply)
        setattr(function, PENDING, pending)
    return function


def apply_pending(function: Any, definition: Any) -> None:
    for apply in getattr(function, PENDING, []):
        apply(definition)
