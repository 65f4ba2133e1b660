"""``@IO()``: the task is an I/O task, run on the I/O platform instead of using computing units
(COMPSs' I/O-aware tasks; storage bandwidth is then set with ``@constraint(storage_bw=...)``)."""

from braid._internal import attach
from braid.errors import TaskDefinitionError


class IO:  # noqa: N801 - PyCOMPSs' name
    """Marks a task as an I/O task."""

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            raise TaskDefinitionError(f"@IO takes no arguments, got {args or ''}{kwargs or ''}")

    def __call__(self, function):
        def mark(definition):
            definition.io = True

        return attach.update(function, mark)


io = IO
