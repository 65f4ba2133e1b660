"""``@constraint(computing_units=..., memory_size=..., ...)``, placed on top of ``@task``.

The values are checked when the module is imported: a constraint that is not a number (or not a
key Braid knows) stops the program there with one line naming the function.
"""

from braid._internal import attach
from braid._internal.constraints import check
from braid.errors import TaskDefinitionError


class constraint:  # noqa: N801 - PyCOMPSs' name
    """Resources a task needs on the node that runs it."""

    def __init__(self, **kwargs):
        self._values = kwargs

    def __call__(self, function):
        name = attach.describe(function)

        def fail(message):
            return TaskDefinitionError(f"@constraint of {name}: {message}")

        values = check(self._values, fail)
        return attach.update(function, lambda definition: definition.constraints.update(values))


Constraint = constraint
